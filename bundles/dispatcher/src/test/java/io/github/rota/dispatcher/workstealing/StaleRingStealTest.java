package io.github.rota.dispatcher.workstealing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.rota.api.DispatcherCounter;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import io.github.rota.spi.support.TurnObservers;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A searching worker leaves a sibling's ring alone until what it saw there has not all left it
 * {@value Search#STALE_RING_NANOS} ns later (its owner is not getting to it), or it has held actors
 * at every look for a wait that grows while steals from it do not pay, and meanwhile sleeps instead
 * of reading the sibling's lines again; an expedited actor may be taken after the shorter hand-off wait. Here the sibling has no thread, so nobody drains its ring unless the test does; every
 * wait is at least the stale time, so the answers do not depend on how fast the machine is.
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
        assertThat(search.nanosUntilStale()).isEqualTo(Search.STALE_RING_NANOS);
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
    void anActorExpeditedOutOfALongTurnIsWorkToStealOnceSeenForTheHandOffWaitNotTheRingsStaleTime() {
        Core owner = new Core(victim, queues);
        Waiting flooded = new Waiting();
        owner.scheduleFromHere(flooded); // the long turn made it ready: the next slot
        victim.ring.push(new Waiting()); // and something else waits too

        owner.expedite(flooded); // the turn keeps sending to it

        assertThat(search.once()).as("first sight").isNull();
        assertThat(search.nanosUntilStale()).isEqualTo(Search.STALE_NEXT_SLOT_NANOS);
        spinFor(Search.STALE_NEXT_SLOT_NANOS);
        assertThat(search.once()).as("half the ring, the oldest first").isNotNull();
        assertThat(victim.ring.size()).isOne();
        assertThat(search.once()).as("the expedited actor is still there").isSameAs(flooded);
    }

    @Test
    void anExpeditedActorThatWentIdleAtOnceDoublesTheHandOffWaitNotTheWaitForABusyRing() {
        Core owner = new Core(victim, queues);
        long before = takeAfterTheHandOffWait(owner);

        search.outOfWork(before); // it drained at once

        assertThat(search.handOffWaitNanos(victim)).isEqualTo(2 * Search.STALE_NEXT_SLOT_NANOS);
        Waiting floodedAgain = new Waiting();
        owner.scheduleFromHere(floodedAgain);
        owner.expedite(floodedAgain);
        assertThat(search.once()).isNull();
        assertThat(search.nanosUntilStale()).as("the next expedited actor waits the doubled wait").isEqualTo(2 * Search.STALE_NEXT_SLOT_NANOS);
        victim.ring.pop(); // its owner ran it
        assertThat(search.once()).as("the ring seen empty").isNull();
        assertThat(busyRingWaits()).isEqualTo(Search.STALE_RING_NANOS);
    }

    @Test
    void aStealWhoseActorsWentStraightBackDoublesHowLongABusyRingMustStayBusyAndOneThatKeptTheThiefBusyResetsIt() {
        long stale = Search.STALE_RING_NANOS;
        long stoleAt = stealFromAStuckRing();
        search.outOfWork(stoleAt); // at once: what it stole did not keep it busy
        assertThat(busyRingWaits()).isEqualTo(2 * stale);

        stealFromAStuckRing();
        search.outOfWork(System.nanoTime() + 10 * stale); // what it stole kept it busy longer than it waited
        assertThat(busyRingWaits()).isEqualTo(stale);
    }

    @Test
    void theWaitForABusyRingWhoseStealsNeverPayStopsGrowingAtItsLongest() {
        for (int steal = 0; steal < 10; steal++) {
            search.outOfWork(stealFromAStuckRing());
        }
        assertThat(busyRingWaits()).isEqualTo(Search.MAX_STALE_RING_NANOS);
    }

    /**
     * Expedites an actor in the victim's ring and takes it once the hand-off wait is over. A pause of
     * this thread between the two looks as long as the ring's stale time (a collection, a descheduled
     * thread) would make the take an ordinary steal of a stale ring: then the take is made again.
     * {@return a time no later than the take}
     */
    private long takeAfterTheHandOffWait(Core owner) {
        for (int attempt = 0; attempt < 100; attempt++) {
            Waiting flooded = new Waiting();
            owner.scheduleFromHere(flooded);
            owner.expedite(flooded);
            long firstLook = System.nanoTime();
            assertThat(search.once()).isNull();
            spinFor(Search.STALE_NEXT_SLOT_NANOS);
            long before = System.nanoTime();
            assertThat(search.once()).isSameAs(flooded);
            if (System.nanoTime() - firstLook < Search.STALE_RING_NANOS) {
                return before;
            }
            search.outOfWork(System.nanoTime() + Search.MAX_STALE_RING_NANOS); // as if it paid: every wait back at its shortest
        }
        throw new AssertionError("every take was delayed past the ring's stale time");
    }

    /**
     * Steals the victim's one actor, its owner stuck: the steal comes after the stale time.
     * {@return a time no later than the steal}
     */
    private long stealFromAStuckRing() {
        victim.ring.push(new Waiting());
        assertThat(search.once()).isNull();
        spinFor(Search.STALE_RING_NANOS);
        long before = System.nanoTime();
        assertThat(search.once()).isNotNull();
        return before;
    }

    /**
     * How long the victim's ring, which its owner keeps draining, must hold actors at every look
     * before it is stale; on the search's clock, at looks a tenth of the shortest wait apart.
     */
    private long busyRingWaits() {
        long step = Search.STALE_RING_NANOS / 10;
        long start = System.nanoTime();
        victim.ring.push(new Waiting());
        for (long at = start; at - start <= 2 * Search.MAX_STALE_RING_NANOS; at += step) {
            if (search.ringStaleIn(victim, at) == 0) {
                victim.ring.pop();
                search.ringStaleIn(victim, at); // seen empty: not busy any more
                return at - start;
            }
            victim.ring.pop(); // the owner ran it, and another arrived
            victim.ring.push(new Waiting());
        }
        throw new AssertionError("a ring busy at every look for twice the longest wait is still not stale");
    }

    @Test
    void aWorkerWhoseOnlyWorkInSightIsInASiblingsRingParksForAWhileThenTakesItselfOffTheIdleSet() {
        Core parking = new Core(thief, queues);
        thief.bind(new Thread(() -> { })); // never started: an unpark is a no-op
        victim.ring.push(new Waiting());

        assertThat(parking.prepareToPark()).as("parks for a while: neither spins nor sleeps for good")
                .isEqualTo(Search.STALE_RING_NANOS);
        assertThat(queues.idle.parkedCount()).isOne();

        parking.afterPark(); // the time ran out
        assertThat(thief.isSleeping()).isFalse();
        assertThat(queues.idle.parkedCount()).isZero();
        assertThat(parking.isSearching()).as("nobody woke it").isFalse();
    }

    @Test
    void aWorkerParkedForAWhileWakesByItselfOffTheIdleSet() {
        Worker worker = new Worker(new Core(thief, queues),
                new TurnRunner("stale-ring", new TurnObservers(fault -> { }), event -> { }),
                WaitStrategy.SPIN_THEN_YIELD, () -> 1);
        thief.bind(Thread.currentThread());
        victim.ring.push(new Waiting()); // nobody searches it

        // Bounded only so that a park that ignored its time fails instead of hanging the build.
        assertTimeoutPreemptively(Duration.ofSeconds(30), worker::park);

        assertThat(thief.counters.get(DispatcherCounter.PARKS)).isPositive();
        assertThat(thief.isSleeping()).isFalse();
        assertThat(queues.idle.parkedCount()).isZero();
    }

    @Test
    void aWorkerBesideARingASiblingSearchesParksUntilWoken() {
        Core parking = new Core(thief, queues);
        thief.bind(new Thread(() -> { }));
        victim.ring.push(new Waiting());
        assertThat(queues.idle.tryBeginSearching()).isTrue(); // another worker searches, and watches that ring

        assertThat(parking.prepareToPark()).isEqualTo(Core.UNTIL_WOKEN);
    }

    @Test
    void aWorkerThatSeesWorkInTheGlobalQueueDoesNotPark() {
        Core parking = new Core(thief, queues);
        thief.bind(new Thread(() -> { }));
        queues.global.offer(new Waiting());

        assertThat(parking.prepareToPark()).isZero();
        assertThat(thief.isSleeping()).isFalse();
        assertThat(queues.idle.parkedCount()).isZero();
    }

    @Test
    void aRoundThatSeesNoRingWithActorsSaysSo() {
        assertThat(search.once()).isNull();

        assertThat(search.nanosUntilStale()).isEqualTo(Search.NO_WORK_IN_SIGHT);
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
        // fresh slept (exactly one probe more, the stealing round's, unless a sleep ended early and
        // the few microseconds left were spun), where spinning would have probed hundreds of times.
        assertThat(thief.counters.get(DispatcherCounter.SIBLING_PROBES)).isBetween(2 * naps + 1, 4 * naps + 1);
    }

    @Test
    void aWorkerSleepingBesideARingItsOwnerKeepsDrainingRunsWhatIsPushedFromOutside() throws Exception {
        Worker worker = new Worker(new Core(thief, queues),
                new TurnRunner("stale-ring", new TurnObservers(fault -> { }), event -> { }),
                WaitStrategy.SPIN_THEN_YIELD, () -> 1);
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        AtomicReference<Thread> workerThread = new AtomicReference<>();
        Schedulable queued = turn -> false; // harmless if a long pause of this thread lets the worker steal it
        victim.ring.push(queued); // before the worker looks: it never finds the ring empty, so never parks for good
        Schedulable outside = turn -> {
            ranOn.set(Thread.currentThread());
            queues.close();
            return false;
        };
        // A first push links the code it runs, which takes longer than the stale time: done now, while
        // this thread need not keep the ring moving (the worker runs this one before it searches).
        assertThat(queues.scheduleFromOutside(turn -> false)).isTrue();
        CompletableFuture<Void> working = CompletableFuture.runAsync(() -> {
            workerThread.set(Thread.currentThread());
            CallingOwner owner = new CallingOwner(worker);
            while (worker.runOn(owner)) {
                // the next slice
            }
        });
        // The sibling's owner, on this thread: its ring always holds an actor, never the same one for
        // long. (Held that long, it is stale now and then: the worker steals one, which is harmless.)
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        boolean pushed = false;
        long pushBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (!working.isDone() && System.nanoTime() < deadline) {
            victim.ring.push(queued);
            if (victim.ring.size() > 1) {
                victim.ring.pop();
            }
            if (!pushed && (thief.counters.get(DispatcherCounter.SEARCH_NAPS) >= 3 || System.nanoTime() > pushBy)) {
                // The worker sleeps as a searcher, so no parked worker is woken: its sleep is cut short.
                assertThat(queues.scheduleFromOutside(outside)).isTrue();
                pushed = true;
            }
        }

        working.get(1, TimeUnit.SECONDS);
        assertThat(ranOn).hasValue(workerThread.get());
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
