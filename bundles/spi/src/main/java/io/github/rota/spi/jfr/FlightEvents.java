package io.github.rota.spi.jfr;

import io.github.rota.api.ActorRef;
import io.github.rota.api.DeadLetter;
import io.github.rota.spi.dispatch.Schedulable;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Where Rota's modules emit their Flight Recorder events. Each method first checks that the JVM
 * has {@code jdk.jfr} (a runtime image may leave the module out: then nothing here touches an event
 * class, which could not load), then that the event is being recorded, and only then fills it in:
 * with no recording a call reads a flag and asks a fresh event whether it is on, an object the
 * JIT's escape analysis removes (the benchmarks allocate as many bytes per message recording or
 * not).
 *
 * <p>Recording never fails the caller, who is often a worker in the middle of its wake-up
 * protocol. The Flight Recorder rewrites each event class to call classes it generates in its own
 * internal packages; under OSGi the bundle that defines the events sees those only through boot
 * delegation ({@code org.osgi.framework.bootdelegation=jdk.jfr.internal.*}, as Rota's
 * distribution sets it). Without it the first recorded event fails to link: Rota's events are
 * then turned off for the rest of the run and the reason is logged once.
 *
 * <p>Threads: any; each event is recorded on the calling thread. {@code on} and {@code status} are
 * volatile: once events are off, every thread sees it at its next event.
 */
public final class FlightEvents {

    /**
     * The {@code LongTurn} event of one turn, as its caller holds it: an interface, so that code
     * that holds one (or an array of them) never loads an event class, which a JVM without
     * {@code jdk.jfr} cannot. Confined to the thread that started it.
     */
    public interface LongTurn {
        /**
         * A look found the turn going on. Never throws: what the schedulable says of itself is
         * for the report only.
         *
         * @param schedulable what the worker runs, as the look read it; {@code null} if unknown
         * @param worker the thread running the worker (the first look's is kept: after a blocking
         *               turn hands the worker over, the worker runs on another thread)
         */
        void seen(Schedulable schedulable, Thread worker);

        /**
         * A look found the turn over: records the event if it lasted longer than its threshold.
         * Never throws.
         *
         * @param dispatcherId the dispatcher
         */
        void finish(String dispatcherId);
    }

    /** The {@code WorkerPark} event of one park, as its caller holds it (an interface, as {@link LongTurn} is). */
    public interface Park {
        /**
         * The worker is awake again: records the event, if sampled.
         *
         * @param dispatcherId its dispatcher
         * @param worker its index in the pool
         */
        void finish(String dispatcherId, int worker);
    }

    /** {@link BudgetChangeEvent}'s source: a JMX client set the budget attribute. */
    public static final String JMX = "jmx";
    /** {@link BudgetChangeEvent}'s source: the dispatcher's configuration changed. */
    public static final String CONFIGURATION = "configuration";
    /** {@link BudgetChangeEvent}'s source: a shell command. */
    public static final String SHELL = "shell";

    private static final System.Logger LOG = System.getLogger(FlightEvents.class.getName());
    private static final boolean AVAILABLE = jfrPresent();
    /** Whether events may be recorded: the JVM has {@code jdk.jfr} and recording has not failed to link. */
    private static volatile boolean on = AVAILABLE;
    private static volatile String status = AVAILABLE ? "on" : "off: this JVM has no jdk.jfr module visible to Rota";
    private static final AtomicBoolean REPORTED = new AtomicBoolean();

    private FlightEvents() {
    }

    private static boolean jfrPresent() {
        try {
            Class.forName("jdk.jfr.Event", false, FlightEvents.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError absent) {
            return false;
        }
    }

    /**
     * {@return whether Rota's events can be recorded here: the JVM has the {@code jdk.jfr} module,
     * visible to this one, and no event has failed to link}
     */
    public static boolean available() {
        return on;
    }

    /**
     * {@return whether Rota's events are on, and if not why: {@code on}, or {@code off: } and the
     * reason (no {@code jdk.jfr}, or the error an event failed to link with)}
     */
    public static String status() {
        return status;
    }

    /** An event could not link to the Flight Recorder's generated code: no more events this run. */
    static void unlinkable(LinkageError error) {
        if (REPORTED.compareAndSet(false, true)) {
            status = "off: an event failed to link (" + error + ")";
            LOG.log(System.Logger.Level.WARNING, "Rota's Flight Recorder events are off for the rest of this run: "
                    + "an event could not reach the Flight Recorder's generated classes (" + error + "). Under OSGi, "
                    + "add jdk.jfr.internal.* to the framework property org.osgi.framework.bootdelegation.");
        }
        on = false;
    }

    /**
     * A probe saw a new turn start.
     *
     * @return the {@code LongTurn} event to tell what it sees of the turn, and when it is over;
     *         {@code null} if that event is not being recorded
     */
    public static LongTurn longTurnStarting() {
        if (on) {
            try {
                return LongTurnEvent.startIfRecorded();
            } catch (LinkageError error) {
                unlinkable(error);
            }
        }
        return null;
    }

    /**
     * A worker is about to park.
     *
     * @return the {@code WorkerPark} event to finish when it wakes; {@code null} if that event is
     *         not being recorded
     */
    public static Park parkStarting() {
        if (on) {
            try {
                return WorkerParkEvent.startIfRecorded();
            } catch (LinkageError error) {
                unlinkable(error);
            }
        }
        return null;
    }

    /**
     * A worker has been in one turn past its dispatcher's starvation threshold.
     *
     * @param dispatcherId the dispatcher
     * @param worker the worker's thread
     * @param stuckForNanos how long it has been in the turn
     */
    public static void workerStarvation(String dispatcherId, Thread worker, long stuckForNanos) {
        if (on) {
            try {
                WorkerStarvationEvent.record(dispatcherId, worker, stuckForNanos);
            } catch (LinkageError error) {
                unlinkable(error);
            }
        }
    }

    /**
     * A worker stole actors from a sibling.
     *
     * @param dispatcherId the dispatcher
     * @param thief the stealing worker's index
     * @param victim the index of the worker stolen from
     * @param actors how many actors it took
     */
    public static void steal(String dispatcherId, int thief, int victim, int actors) {
        if (on) {
            try {
                StealEvent.record(dispatcherId, thief, victim, actors);
            } catch (LinkageError error) {
                unlinkable(error);
            }
        }
    }

    /**
     * A thread woke a parked worker.
     *
     * @param dispatcherId the dispatcher
     * @param worker the woken worker's index
     */
    public static void workerWake(String dispatcherId, int worker) {
        if (on) {
            try {
                WorkerWakeEvent.record(dispatcherId, worker);
            } catch (LinkageError error) {
                unlinkable(error);
            }
        }
    }

    /**
     * A worker's full ring sent actors to the global queue.
     *
     * @param dispatcherId the dispatcher
     * @param worker the worker's index
     * @param actors how many actors went to the global queue
     */
    public static void overflow(String dispatcherId, int worker, int actors) {
        if (on) {
            try {
                OverflowEvent.record(dispatcherId, worker, actors);
            } catch (LinkageError error) {
                unlinkable(error);
            }
        }
    }

    /**
     * A message became a dead letter.
     *
     * @param message the message
     * @param sender its sender, or {@code null}
     * @param recipient its recipient, or {@code null}
     * @param reason why
     */
    public static void deadLetter(Object message, ActorRef<?> sender, ActorRef<?> recipient, DeadLetter.Reason reason) {
        if (on) {
            try {
                DeadLetterEvent.record(message, sender, recipient, reason);
            } catch (LinkageError error) {
                unlinkable(error);
            }
        }
    }

    /**
     * A dispatcher's throughput budget was changed.
     *
     * @param dispatcherId the dispatcher
     * @param oldBudget the budget before
     * @param newBudget the budget now
     * @param changedBy through what: {@link #JMX}, {@link #CONFIGURATION} or {@link #SHELL}
     */
    public static void budgetChange(String dispatcherId, int oldBudget, int newBudget, String changedBy) {
        if (on) {
            try {
                BudgetChangeEvent.record(dispatcherId, oldBudget, newBudget, changedBy);
            } catch (LinkageError error) {
                unlinkable(error);
            }
        }
    }

    /**
     * A dispatcher id was bound to a new dispatcher.
     *
     * @param dispatcherId the id
     * @param oldKind the kind of the dispatcher it had
     * @param newKind the kind of the new one
     * @param waitingActors actors that waited for the new one and were handed to it
     */
    public static void dispatcherReplaced(String dispatcherId, String oldKind, String newKind, int waitingActors) {
        if (on) {
            try {
                DispatcherReplacedEvent.record(dispatcherId, oldKind, newKind, waitingActors);
            } catch (LinkageError error) {
                unlinkable(error);
            }
        }
    }
}
