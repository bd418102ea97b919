package io.github.rota.dispatcher.workstealing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.DispatcherCounter;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A searching worker leaves a sibling's next slot alone while that sibling keeps starting turns (it
 * is about to run the actor there: request/reply stays on one core), and takes it once the sibling
 * has started none for {@value Search#STALE_NEXT_SLOT_NANOS} ns (stuck in a long turn). Every
 * wait here is at least the stale time, so the answers do not depend on how fast the machine is.
 */
class NextSlotStealTest {

    private final Remote thief = new Remote(0, LocalRing.DEFAULT_CAPACITY);
    private final Remote victim = new Remote(1, LocalRing.DEFAULT_CAPACITY);
    private final Shared queues = new Shared("next-slot", new Remote[] {thief, victim}, event -> { });
    private final Search search = new Search(thief, queues);
    private final Schedulable waiting = new Waiting();

    @AfterEach
    void close() {
        queues.close();
    }

    @Test
    void anActorInTheNextSlotIsNotWorkToStealAtFirstSight() {
        victim.putNextSlot(waiting);

        assertThat(search.once()).isNull();
        assertThat(victim.hasNextSlot()).isTrue();
        assertThat(thief.counters.get(DispatcherCounter.STEAL_OPERATIONS)).isZero();
        assertThat(thief.counters.get(DispatcherCounter.SIBLING_PROBES)).as("its ring, then its next slot").isEqualTo(2);
    }

    @Test
    void theNextSlotOfASiblingThatStartedNoTurnForTheStaleTimeIsTaken() {
        victim.putNextSlot(waiting);
        assertThat(search.once()).isNull();

        waitStaleTime();

        assertThat(search.once()).isSameAs(waiting);
        assertThat(victim.hasNextSlot()).isFalse();
        assertThat(thief.counters.get(DispatcherCounter.STEAL_OPERATIONS)).isOne();
        assertThat(thief.counters.get(DispatcherCounter.ACTORS_STOLEN)).isOne();
        assertThat(thief.counters.get(DispatcherCounter.NEXT_SLOT_STEALS)).isOne();
    }

    @Test
    void aSiblingThatStartedATurnMeanwhileKeepsItsNextSlotForAnotherStaleTime() {
        victim.putNextSlot(waiting);
        assertThat(search.once()).isNull();

        victim.advanceTurnEpoch(); // its turn started: it runs the next slot when the turn ends
        waitStaleTime();
        assertThat(search.once()).as("the sibling has started a turn since the last look").isNull();
        assertThat(victim.hasNextSlot()).isTrue();

        waitStaleTime(); // and that turn is still running
        assertThat(search.once()).isSameAs(waiting);
    }

    @Test
    void aTakeThatKeptTheThiefBusyBrieflyDoublesTheSiblingsHandOffWaitUpToItsLongestAndOneThatKeptItBusyLongResetsIt() {
        search.outOfWork(takeFromAStuckSibling().before()); // the actor drained at once: it had caught up with its producer
        assertThat(search.handOffWaitNanos(victim)).isEqualTo(2 * Search.STALE_NEXT_SLOT_NANOS);

        for (int take = 0; take < 10; take++) {
            search.outOfWork(takeFromAStuckSibling().before());
        }
        assertThat(search.handOffWaitNanos(victim)).isEqualTo(Search.MAX_HAND_OFF_WAIT_NANOS);

        // Busy as long as the longest wait (the take itself lies between before and after): no change.
        // A pause of this thread inside the take as long as the rest of the paid time would make it
        // count as paid: such a take is made again (a take that drained at once leaves the longest wait).
        Take take = takeFromAStuckSibling();
        while (take.after() - take.before() >= Search.HAND_OFF_PAID_NANOS - Search.MAX_HAND_OFF_WAIT_NANOS) {
            search.outOfWork(take.before());
            take = takeFromAStuckSibling();
        }
        search.outOfWork(take.after() + Search.MAX_HAND_OFF_WAIT_NANOS);
        assertThat(search.handOffWaitNanos(victim)).isEqualTo(Search.MAX_HAND_OFF_WAIT_NANOS);

        search.outOfWork(takeFromAStuckSibling().after() + Search.HAND_OFF_PAID_NANOS); // this time it kept the thief busy that long
        assertThat(search.handOffWaitNanos(victim)).isEqualTo(Search.STALE_NEXT_SLOT_NANOS);
    }

    @Test
    void theHandOffWaitGrowsOnlyWithinOneTurnOfTheSibling() {
        for (int take = 0; take < 10; take++) {
            search.outOfWork(takeFromAStuckSibling().before());
        }
        assertThat(search.handOffWaitNanos(victim)).isEqualTo(Search.MAX_HAND_OFF_WAIT_NANOS);

        victim.advanceTurnEpoch(); // that turn ended
        victim.advanceTurnEpoch(); // and the next one, the next flood, began
        assertThat(search.handOffWaitNanos(victim)).as("a new turn starts at the shortest").isEqualTo(Search.STALE_NEXT_SLOT_NANOS);

        search.outOfWork(takeFromAStuckSibling().before());
        assertThat(search.handOffWaitNanos(victim)).as("and grows from there").isEqualTo(2 * Search.STALE_NEXT_SLOT_NANOS);
    }

    @Test
    void aRoundThatSeesOnlyANextSlotWithinItsHandOffWaitSaysHowLongUntilItIsStale() {
        search.outOfWork(takeFromAStuckSibling().before());
        search.outOfWork(takeFromAStuckSibling().before()); // the wait is now four times the shortest
        victim.putNextSlot(waiting);

        assertThat(search.once()).as("full since this look").isNull();
        long until = search.nanosUntilStale();

        assertThat(until).isGreaterThan(Search.STALE_NEXT_SLOT_NANOS).isLessThanOrEqualTo(4 * Search.STALE_NEXT_SLOT_NANOS);
        assertThat(victim.hasNextSlot()).isTrue();
    }

    /**
     * The victim, stuck in one turn, makes {@link #waiting} ready; this worker searches until it takes
     * it. {@return times just before and just after the round that took it}
     */
    private Take takeFromAStuckSibling() {
        victim.putNextSlot(waiting);
        assertThat(search.once()).as("first look").isNull();
        long deadline = System.nanoTime() + 10 * Search.MAX_HAND_OFF_WAIT_NANOS;
        while (true) {
            long before = System.nanoTime();
            Schedulable taken = search.once();
            if (taken != null) {
                assertThat(taken).isSameAs(waiting);
                return new Take(before, System.nanoTime());
            }
            assertThat(before).as("taken within ten of the longest waits").isLessThan(deadline);
        }
    }

    private record Take(long before, long after) {
    }

    /** Spins (a sleep could not be this short) until the stale time has passed. */
    private static void waitStaleTime() {
        long start = System.nanoTime();
        while (System.nanoTime() - start <= Search.STALE_NEXT_SLOT_NANOS) {
            Thread.onSpinWait();
        }
    }

    /** An actor waiting in a next slot; the test only moves it, never runs it. */
    private static final class Waiting implements Schedulable {
        @Override
        public boolean runTurn(Turn turn) {
            throw new AssertionError("only moved between queues here");
        }
    }
}
