/**
 * The work-stealing dispatcher: a fixed set of workers, each with a bounded ring and a next-actor
 * slot, sharing a global queue and an idle set (GoAkt's dispatcher pool, shaped after Tokio's
 * multi-thread scheduler).
 *
 * <p>Where each concept lives:
 * <ul>
 *   <li>{@link io.github.rota.dispatcher.workstealing.WorkStealingDispatcher}: the pool as the SPI
 *       sees it; it builds the rest and starts and stops the threads.</li>
 *   <li>{@link io.github.rota.dispatcher.workstealing.Worker}: one worker's loop (take, run a turn,
 *       search, park) on whichever thread runs it now.</li>
 *   <li>{@link io.github.rota.dispatcher.workstealing.Core}: what only a worker's owner touches (Tokio's
 *       {@code Core}): its take order, pushes, search and linger bookkeeping, and its flags, which
 *       change only through its methods.</li>
 *   <li>{@link io.github.rota.dispatcher.workstealing.Remote}: a worker as every thread may touch it
 *       (Tokio's {@code Remote}): its ring, next slot, linger slots, park state and turn epoch.</li>
 *   <li>{@link io.github.rota.dispatcher.workstealing.Shared}: what all workers share (Tokio's
 *       {@code Shared}): the {@link io.github.rota.dispatcher.workstealing.GlobalQueue}, the
 *       {@link io.github.rota.dispatcher.workstealing.Idle} set and every worker's {@code Remote}.</li>
 *   <li>{@link io.github.rota.dispatcher.workstealing.LocalRing}: a worker's ring, owner and thieves.</li>
 *   <li>{@link io.github.rota.dispatcher.workstealing.WorkerThread} and
 *       {@link io.github.rota.dispatcher.workstealing.WorkerThreads}: the threads, hand-overs of a
 *       worker whose turn blocks, and the replacement of a thread that dies.</li>
 *   <li>{@link io.github.rota.dispatcher.workstealing.TurnRunner}: how every worker runs a turn;
 *       {@link io.github.rota.dispatcher.workstealing.StarvationProbe}: the thread that watches for
 *       stuck turns.</li>
 * </ul>
 *
 * <p>Accessors of shared fields are named for their memory ordering, as {@link io.github.rota.spi.pool} says.
 *
 * <p>Padding: a value other threads write sits on a cache line of its own. The padding is
 * {@code byte} fields, 128 to a class (two cache lines, for the adjacent-line prefetcher), as JCTools
 * lays out its queues: since JDK 15 the JVM packs a subclass's small fields into gaps its
 * superclasses left, which defeats {@code long} padding; bytes fill every gap themselves. Each such
 * value has a class of its own, between two padding classes: within one class the JVM places
 * primitives before references, so padding declared beside a reference would not follow it. The
 * JVM may still move a few padding bytes into an alignment gap, so {@code FieldLayoutTest} checks
 * with JOL that at least a cache line separates each such value from every other field.
 */
package io.github.rota.dispatcher.workstealing;
