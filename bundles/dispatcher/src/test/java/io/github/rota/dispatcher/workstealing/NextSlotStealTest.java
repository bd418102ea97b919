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
