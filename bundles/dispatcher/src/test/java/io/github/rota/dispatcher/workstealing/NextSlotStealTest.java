package io.github.rota.dispatcher.workstealing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.spi.dispatch.DispatcherCounter;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A searching worker leaves a sibling's next slot alone while that sibling keeps starting turns (it
 * is about to run the actor there: request/reply stays on one core), and takes it once the sibling
 * has started none for {@value RunQueues#STALE_NEXT_SLOT_NANOS} ns (stuck in a long turn). Every
 * wait here is at least the stale time, so the answers do not depend on how fast the machine is.
 */
class NextSlotStealTest {

    private final LocalQueue thief = new LocalQueue(0, 2, LocalRing.DEFAULT_CAPACITY);
    private final LocalQueue victim = new LocalQueue(1, 2, LocalRing.DEFAULT_CAPACITY);
    private final RunQueues queues = new RunQueues("next-slot", new Sibling[] {thief, victim}, event -> { });
    private final Schedulable waiting = new Waiting();

    @AfterEach
    void close() {
        queues.close();
    }

    @Test
    void anActorInTheNextSlotIsNotWorkToStealAtFirstSight() {
        victim.putNextSlot(waiting);

        assertThat(queues.searchOnce(thief)).isNull();
        assertThat(victim.hasNextSlot()).isTrue();
        assertThat(thief.counters().get(DispatcherCounter.STEAL_OPERATIONS)).isZero();
    }

    @Test
    void theNextSlotOfASiblingThatStartedNoTurnForTheStaleTimeIsTaken() {
        victim.putNextSlot(waiting);
        assertThat(queues.searchOnce(thief)).isNull();

        waitStaleTime();

        assertThat(queues.searchOnce(thief)).isSameAs(waiting);
        assertThat(victim.hasNextSlot()).isFalse();
        assertThat(thief.counters().get(DispatcherCounter.STEAL_OPERATIONS)).isOne();
        assertThat(thief.counters().get(DispatcherCounter.ACTORS_STOLEN)).isOne();
    }

    @Test
    void aSiblingThatStartedATurnMeanwhileKeepsItsNextSlotForAnotherStaleTime() {
        victim.putNextSlot(waiting);
        assertThat(queues.searchOnce(thief)).isNull();

        victim.advanceTurnEpoch(); // its turn started: it runs the next slot when the turn ends
        waitStaleTime();
        assertThat(queues.searchOnce(thief)).as("the sibling has started a turn since the last look").isNull();
        assertThat(victim.hasNextSlot()).isTrue();

        waitStaleTime(); // and that turn is still running
        assertThat(queues.searchOnce(thief)).isSameAs(waiting);
    }

    /** Spins (a sleep could not be this short) until the stale time has passed. */
    private static void waitStaleTime() {
        long start = System.nanoTime();
        while (System.nanoTime() - start <= RunQueues.STALE_NEXT_SLOT_NANOS) {
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
