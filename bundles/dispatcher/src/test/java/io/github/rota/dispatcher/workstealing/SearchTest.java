package io.github.rota.dispatcher.workstealing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import org.junit.jupiter.api.Test;

/**
 * How a searching worker times its siblings' work: a next slot is stale once the sibling has started
 * no turn, and the slot has been full at every look, for the sibling's hand-off wait; a ring, once
 * the actors seen in it at one look have not all left it long enough later, or it has held actors at
 * every look for long enough, or once it has held an actor its owner marked urgent for the hand-off
 * wait. The clock is the tests' own.
 */
class SearchTest {

    private final Remote thief = new Remote(0, LocalRing.DEFAULT_CAPACITY);
    private final Remote victim = new Remote(1, LocalRing.DEFAULT_CAPACITY);
    private final Remote other = new Remote(2, LocalRing.DEFAULT_CAPACITY);
    private final Search search = new Search(thief, new Shared("search", new Remote[] {thief, victim, other}, event -> { }));

    @Test
    void aSiblingHasStartedNoTurnOnlyOnceItsEpochHasStayedTheSameForTheWholeWait() {
        long stale = Search.STALE_NEXT_SLOT_NANOS;
        long t = 1_000_000_000L;

        assertThat(search.startedNoTurnFor(victim, stale, t)).as("the first look only records").isFalse();
        assertThat(search.startedNoTurnFor(victim, stale, t + stale - 1)).isFalse();
        assertThat(search.startedNoTurnFor(victim, stale, t + stale)).isTrue();

        victim.advanceTurnEpoch(); // the victim starts a turn: its wait starts again at the next look
        assertThat(search.startedNoTurnFor(victim, stale, t + stale)).isFalse();
        assertThat(search.startedNoTurnFor(victim, stale, t + 2 * stale - 1)).isFalse();
        assertThat(search.startedNoTurnFor(victim, stale, t + 2 * stale)).isTrue();

        assertThat(search.startedNoTurnFor(other, stale, t + 2 * stale)).as("each sibling is timed on its own").isFalse();
        assertThat(search.startedNoTurnFor(other, stale, t + 3 * stale)).isTrue();
    }

    @Test
    void anEmptyNextSlotIsNeverStale() {
        long t = 1_000_000_000L;
        assertThat(search.nextSlotStaleIn(victim, t)).isEqualTo(Search.NO_WORK_IN_SIGHT);
        assertThat(search.nextSlotStaleIn(victim, t + 10 * Search.MAX_HAND_OFF_WAIT_NANOS)).isEqualTo(Search.NO_WORK_IN_SIGHT);
    }

    @Test
    void aNextSlotIsStaleOnceItHasBeenFullAndItsSiblingStuckForTheHandOffWait() {
        long wait = Search.STALE_NEXT_SLOT_NANOS;
        long t = 1_000_000_000L;
        assertThat(search.nextSlotStaleIn(victim, t)).isEqualTo(Search.NO_WORK_IN_SIGHT);
        search.startedNoTurnFor(victim, wait, t); // a look at its epoch: it starts no turn from here on

        // The sibling has been in one turn for long, and only now made an actor ready.
        victim.putNextSlot(new Waiting());
        assertThat(search.nextSlotStaleIn(victim, t + 10 * wait)).as("full since this look").isEqualTo(wait);
        assertThat(search.nextSlotStaleIn(victim, t + 11 * wait - 1)).isOne();
        assertThat(search.nextSlotStaleIn(victim, t + 11 * wait)).isZero();

        victim.takeNextSlot(); // its owner ran it, or another thief took it
        assertThat(search.nextSlotStaleIn(victim, t + 11 * wait)).isEqualTo(Search.NO_WORK_IN_SIGHT);
        victim.putNextSlot(new Waiting());
        assertThat(search.nextSlotStaleIn(victim, t + 12 * wait)).as("its wait starts again").isEqualTo(wait);
    }

    @Test
    void aNextSlotWhoseSiblingKeepsStartingTurnsIsNoWorkToWaitFor() {
        long wait = Search.STALE_NEXT_SLOT_NANOS;
        long t = 1_000_000_000L;
        victim.putNextSlot(new Waiting());
        for (int look = 0; look < 100; look++) {
            victim.advanceTurnEpoch(); // a volley: it runs what is in the slot turn after turn
            assertThat(search.nextSlotStaleIn(victim, t + look * wait)).as("look %d", look).isEqualTo(Search.NO_WORK_IN_SIGHT);
        }
    }

    @Test
    void aRingIsStaleOnceEveryActorSeenInItHasWaitedTheWholeStaleTime() {
        long stale = Search.STALE_RING_NANOS;
        long t = 1_000_000_000L;
        victim.ring.push(new Waiting());

        assertThat(search.ringStaleIn(victim, t)).as("the first look starts the wait").isEqualTo(stale);
        assertThat(search.ringStaleIn(victim, t + stale - 1)).isEqualTo(1);
        assertThat(search.ringStaleIn(victim, t + stale)).isZero();
        other.ring.push(new Waiting());
        assertThat(search.ringStaleIn(other, t + stale)).as("each sibling is timed on its own").isEqualTo(stale);
    }

    @Test
    void aRingItsOwnerKeepsDrainingIsStaleOnlyOnceItHasHeldActorsAtEveryLookForTheWholeWait() {
        long stale = Search.STALE_RING_NANOS;
        long t = 1_000_000_000L;
        victim.ring.push(new Waiting());
        assertThat(search.ringStaleIn(victim, t)).isEqualTo(stale);

        for (int look = 1; look < 4; look++) {
            drainAndRefill(); // the owner runs what was there, and meanwhile more arrives
            assertThat(search.ringStaleIn(victim, t + look * stale / 4)).as("look %d", look).isEqualTo(stale - look * stale / 4);
        }
        drainAndRefill();
        assertThat(search.ringStaleIn(victim, t + stale)).as("it always has work its owner has not got to").isZero();
    }

    @Test
    void aRingFoundEmptyAtALookIsNotBusyTooLong() {
        long stale = Search.STALE_RING_NANOS;
        long t = 1_000_000_000L;
        victim.ring.push(new Waiting());
        assertThat(search.ringStaleIn(victim, t)).isEqualTo(stale);
        drainAndRefill();
        assertThat(search.ringStaleIn(victim, t + stale / 2)).isEqualTo(stale / 2);
        victim.ring.pop();
        assertThat(search.ringStaleIn(victim, t + stale / 2 + 1)).isEqualTo(Search.NO_WORK_IN_SIGHT);

        victim.ring.push(new Waiting());
        assertThat(search.ringStaleIn(victim, t + stale)).as("busy again from this look on").isEqualTo(stale);
        drainAndRefill();
        assertThat(search.ringStaleIn(victim, t + 2 * stale - 1)).isEqualTo(1);
    }

    /** The owner runs everything the ring held, and one more actor arrives. */
    private void drainAndRefill() {
        while (victim.ring.pop() != null) {
            // ran
        }
        victim.ring.push(new Waiting());
    }

    @Test
    void aBacklogItsOwnerCannotClearWithinTheStaleTimeIsStaleThoughItsHeadMoves() {
        long stale = Search.STALE_RING_NANOS;
        long t = 1_000_000_000L;
        for (int i = 0; i < 4; i++) {
            victim.ring.push(new Waiting());
        }
        assertThat(search.ringStaleIn(victim, t)).isEqualTo(stale);

        victim.ring.pop(); // the owner runs one; three of those seen still wait
        victim.ring.push(new Waiting());

        assertThat(search.ringStaleIn(victim, t + stale)).isZero();
    }

    @Test
    void aRingFoundEmptyStartsItsWaitAgainWhenActorsArrive() {
        long stale = Search.STALE_RING_NANOS;
        long t = 1_000_000_000L;
        victim.ring.push(new Waiting());
        assertThat(search.ringStaleIn(victim, t)).isEqualTo(stale);
        victim.ring.pop();
        assertThat(search.ringStaleIn(victim, t + 1)).isEqualTo(Search.NO_WORK_IN_SIGHT);

        victim.ring.push(new Waiting());
        assertThat(search.ringStaleIn(victim, t + stale)).as("the wait starts at this look, not the first").isEqualTo(stale);
        assertThat(search.ringStaleIn(victim, t + 2 * stale)).isZero();
    }

    @Test
    void aRingHoldingAnActorItsOwnerMarkedUrgentIsStaleOnceTheMarkHasBeenSeenForTheHandOffWaitUntilThatActorLeaves() {
        long wait = Search.STALE_NEXT_SLOT_NANOS;
        long t = 1_000_000_000L;
        victim.ring.push(new Waiting());
        long urgent = victim.ring.tailPosition();
        victim.ring.push(new Waiting());
        victim.markUrgent(urgent);

        assertThat(search.ringStaleIn(victim, t)).as("not the ring's stale time").isEqualTo(wait);
        victim.ring.push(new Waiting());
        victim.markUrgent(victim.ring.tailPosition() - 1); // another, while the first is still there
        assertThat(search.ringStaleIn(victim, t + wait - 1)).as("the first one's wait goes on").isOne();
        assertThat(search.ringStaleIn(victim, t + wait)).isZero();

        victim.ring.pop(); // the owner ran all three
        victim.ring.pop();
        victim.ring.pop();
        victim.ring.push(new Waiting());
        assertThat(search.ringStaleIn(victim, t)).as("the urgent actors have left").isEqualTo(Search.STALE_RING_NANOS);
    }

    @Test
    void anUrgentMarkNeverMakesARingWaitLongerThanItsOwnStaleTime() {
        long stale = Search.STALE_RING_NANOS;
        long t = 1_000_000_000L;
        victim.ring.push(new Waiting());
        assertThat(search.ringStaleIn(victim, t)).isEqualTo(stale);

        victim.ring.push(new Waiting());
        victim.markUrgent(victim.ring.tailPosition() - 1); // just before the first actor's wait is up

        assertThat(search.ringStaleIn(victim, t + stale)).as("the first actor has waited the stale time").isZero();
    }

    /** An actor waiting in a next slot or a ring; only moved here. */
    private static final class Waiting implements Schedulable {
        @Override
        public boolean runTurn(Turn turn) {
            throw new AssertionError("only moved between queues here");
        }
    }
}
