/**
 * Rota's JDK Flight Recorder events: what an operator sees in a recording besides the JVM's own
 * events. Every event is named {@code io.github.rota.*}, sits in the category "Rota", and is off
 * unless a recording's settings turn it on (the distribution ships {@code rota.jfc}, which does):
 * <table>
 *   <caption>The events</caption>
 *   <tr><th>Event</th><th>When</th><th>Emitted by</th></tr>
 *   <tr><td>{@code io.github.rota.LongTurn}</td><td>a turn ran longer than the threshold</td><td>work-stealing dispatchers</td></tr>
 *   <tr><td>{@code io.github.rota.WorkerStarvation}</td><td>a worker stayed in one turn past the dispatcher's starvation threshold</td><td>work-stealing dispatchers</td></tr>
 *   <tr><td>{@code io.github.rota.Steal}</td><td>a worker stole actors from a sibling (sampled)</td><td>work-stealing dispatchers</td></tr>
 *   <tr><td>{@code io.github.rota.WorkerPark}</td><td>a worker parked, for as long as it slept (sampled)</td><td>work-stealing dispatchers</td></tr>
 *   <tr><td>{@code io.github.rota.WorkerWake}</td><td>a thread woke a parked worker (sampled)</td><td>work-stealing dispatchers</td></tr>
 *   <tr><td>{@code io.github.rota.Overflow}</td><td>a worker's full ring sent actors to the global queue</td><td>work-stealing dispatchers</td></tr>
 *   <tr><td>{@code io.github.rota.DeadLetter}</td><td>a message no actor will handle (sampled)</td><td>the runtime</td></tr>
 *   <tr><td>{@code io.github.rota.BudgetChange}</td><td>a dispatcher's throughput budget changed, and through what</td><td>JMX, configuration, the shell</td></tr>
 *   <tr><td>{@code io.github.rota.DispatcherReplaced}</td><td>a dispatcher id was bound to a new dispatcher</td><td>the runtime</td></tr>
 * </table>
 *
 * <p>Cost: code that emits calls {@link io.github.rota.spi.jfr.FlightEvents}, which checks that
 * the JVM has the {@code jdk.jfr} module (a runtime image may leave it out) and then that the
 * event is being recorded, before it fills anything in; with no recording, an emitting site reads
 * a flag and asks an event object (which escape analysis removes) whether it is on. The sampled events take a setting {@code sampleEvery} (record one in that
 * many, chosen at random; 1 records all), since the counters of the management interfaces already
 * count every one exactly.
 */
@Export
@Version("1.0.0")
package io.github.rota.spi.jfr;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
