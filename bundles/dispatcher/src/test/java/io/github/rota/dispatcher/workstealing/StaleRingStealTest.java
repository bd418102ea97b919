package io.github.rota.dispatcher.workstealing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.DispatcherCounter;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import io.github.rota.spi.support.TurnObservers;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A searching worker leaves a sibling's ring alone until every actor it saw there has waited
 * {@value Search#STALE_RING_NANOS} ns (its owner is not getting to them), and meanwhile sleeps
 * instead of reading the sibling's lines again. Here the sibling has no thread, so nobody drains its
 * ring; every wait is at least the stale time, so the answers do not depend on how fast the machine is.
 */
class StaleRingStealTest {

    private final Remote thief = new Remote(0, LocalRing.DEFAULT_CAPACITY);
    private final Remote victim = new Remote(1, LocalRing.DEFAULT_CAPACITY);
    private final Shared queues = new Shared("stale-ring", new Remote[] {thief, victim}, event -> { });
    private final Search search = new Search(thief, queues);

    @AfterEach
    void close() {
        queues.close();
    }

    @Test
    void actorsInASiblingsRingAreNotWorkToStealAtFirstSight() {
        victim.ring.push(new Waiting());

        assertThat(search.once()).isNull();
        assertThat(victim.ring.size()).isOne();
        assertThat(search.nanosUntilRingStale()).isEqualTo(Search.STALE_RING_NANOS);
        assertThat(thief.counters.get(DispatcherCounter.STEAL_OPERATIONS)).isZero();
    }

    @Test
    void actorsThatHaveAllWaitedTheStaleTimeAreStolenHalfAtATime() {
        Waiting oldest = new Waiting();
        victim.ring.push(oldest);
        victim.ring.push(new Waiting());
        assertThat(search.once()).isNull();

        spinFor(Search.STALE_RING_NANOS);

        assertThat(search.once()).isSameAs(oldest);
        assertThat(victim.ring.size()).isOne();
        assertThat(thief.counters.get(DispatcherCounter.ACTORS_STOLEN)).isOne();
        assertThat(search.once()).as("the other one has waited as long").isNotNull();
    }

    @Test
    void aRoundThatSeesNoRingWithActorsSaysSo() {
        assertThat(search.once()).isNull();

        assertThat(search.nanosUntilRingStale()).isEqualTo(Search.NO_RING_WORK);
    }

    @Test
    void aWorkerThatSeesOnlyAFreshRingSleepsUntilItIsStaleThenRunsItsActor() {
        Worker worker = new Worker(new Core(thief, queues),
                new TurnRunner("stale-ring", new TurnObservers(fault -> { }), event -> { }),
                WaitStrategy.SPIN_THEN_YIELD, () -> 1);
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        AtomicLong ranAt = new AtomicLong();
        long queuedAt = System.nanoTime();
        victim.ring.push(turn -> {
            ranAt.set(System.nanoTime());
            ranOn.set(Thread.currentThread());
            queues.close(); // the worker's slice ends after this turn
            return false;
        });

        assertThat(worker.runOn(new CallingOwner(worker))).as("stopped: the queues closed").isFalse();

        assertThat(ranOn).hasValue(Thread.currentThread());
        assertThat(ranAt.get() - queuedAt).as("not taken before it was stale").isGreaterThanOrEqualTo(Search.STALE_RING_NANOS);
        long naps = thief.counters.get(DispatcherCounter.SEARCH_NAPS);
        assertThat(naps).isPositive();
        // Two probes a round (a pass for rings, one for next slots): every round that found the ring
        // fresh slept; only the last one, which stole, did not.
        assertThat(thief.counters.get(DispatcherCounter.SIBLING_PROBES)).isEqualTo(2 * naps + 1);
    }

    @Test
    void aWorkerSleepingBesideARingItsOwnerKeepsDrainingStillFindsWhatIsPushedFromOutside() throws Exception {
        Worker worker = new Worker(new Core(thief, queues),
                new TurnRunner("stale-ring", new TurnObservers(fault -> { }), event -> { }),
                WaitStrategy.SPIN_THEN_YIELD, () -> 1);
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        AtomicReference<Thread> workerThread = new AtomicReference<>();
        CompletableFuture<Void> working = CompletableFuture.runAsync(() -> {
            workerThread.set(Thread.currentThread());
            CallingOwner owner = new CallingOwner(worker);
            while (worker.runOn(owner)) {
                // the next slice
            }
        });
        // The sibling's owner, on this thread: its ring always holds an actor, never the same one for long.
        Schedulable queued = turn -> false; // harmless if a long pause here lets the worker steal it
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        boolean pushed = false;
        while (!working.isDone() && System.nanoTime() < deadline) {
            victim.ring.pop();
            victim.ring.push(queued);
            if (!pushed && thief.counters.get(DispatcherCounter.SEARCH_NAPS) >= 3) {
                // The worker sleeps as a searcher, so this push wakes nobody: the worker must find it itself.
                assertThat(queues.scheduleFromOutside(turn -> {
                    ranOn.set(Thread.currentThread());
                    queues.close();
                    return false;
                })).isTrue();
                pushed = true;
            }
        }

        working.get(1, TimeUnit.SECONDS);
        assertThat(pushed).as("the worker slept beside the draining ring").isTrue();
        assertThat(ranOn).hasValue(workerThread.get());
        assertThat(thief.counters.get(DispatcherCounter.UNPARKS)).as("found, not woken").isZero();
    }

    /** Spins (a sleep could not be this exact) for {@code nanos}. */
    private static void spinFor(long nanos) {
        long start = System.nanoTime();
        while (System.nanoTime() - start <= nanos) {
            Thread.onSpinWait();
        }
    }

    /** An actor waiting in a ring; only moved here. */
    private static final class Waiting implements Schedulable {
        @Override
        public boolean runTurn(Turn turn) {
            throw new AssertionError("only moved between queues here");
        }
    }
}
