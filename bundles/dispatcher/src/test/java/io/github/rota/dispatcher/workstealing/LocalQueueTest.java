package io.github.rota.dispatcher.workstealing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A worker's linger slots, as its owner, a probe and a stopping dispatcher use them; how it times a sibling's next slot. */
class LocalQueueTest {

    private final LocalQueue local = new LocalQueue(0, 2, LocalRing.DEFAULT_CAPACITY);

    @Test
    void aWorkerKeepsTwoLingeringActorsAndResumesOnlyOneThatHasWork() {
        Lingerer quiet = new Lingerer(false);
        Lingerer busy = new Lingerer(true);
        assertThat(local.hasLingerRoom()).isTrue();
        local.putLingering(quiet);
        local.putLingering(busy);
        assertThat(local.hasLingerRoom()).isFalse();
        assertThat(local.hasLingeringWithWork()).isTrue();

        assertThat(local.claimLingeringWithWork()).isSameAs(busy);
        assertThat(local.claimLingeringWithWork()).as("the other has no work").isNull();
        assertThat(local.hasLingerRoom()).isTrue();
    }

    @Test
    void theProbeTakesALingeringActorFromItsSlotOnce() {
        Lingerer actor = new Lingerer(true);
        local.putLingering(actor);
        Sibling asSeenByProbe = local;

        assertThat(asSeenByProbe.takeLingering(0)).isSameAs(actor);
        assertThat(asSeenByProbe.takeLingering(0)).isNull();
        assertThat(local.claimLingeringWithWork()).isNull();
    }

    @Test
    void aStoppedWorkerLetsItsLingeringActorsGoAndHandsBackThoseThatAreReadyAgain() {
        Lingerer quiet = new Lingerer(false);
        Lingerer busy = new Lingerer(true);
        local.putLingering(quiet);
        local.putLingering(busy);
        List<Schedulable> unrun = new ArrayList<>();

        local.drainInto(unrun);

        assertThat(unrun).containsExactly(busy);
        assertThat(quiet.released).isTrue();
        assertThat(busy.released).isTrue();
        assertThat(local.hasLingerRoom()).isTrue();
    }

    @Test
    void aSiblingHasStartedNoTurnOnlyOnceItsEpochHasStayedTheSameForTheWholeWait() {
        LocalQueue thief = new LocalQueue(0, 3, LocalRing.DEFAULT_CAPACITY);
        LocalQueue victim = new LocalQueue(1, 3, LocalRing.DEFAULT_CAPACITY);
        LocalQueue other = new LocalQueue(2, 3, LocalRing.DEFAULT_CAPACITY);
        long stale = RunQueues.STALE_NEXT_SLOT_NANOS;
        long t = 1_000_000_000L;

        assertThat(thief.startedNoTurnFor(victim, stale, t)).as("the first look only records").isFalse();
        assertThat(thief.startedNoTurnFor(victim, stale, t + stale - 1)).isFalse();
        assertThat(thief.startedNoTurnFor(victim, stale, t + stale)).isTrue();

        victim.advanceTurnEpoch(); // the victim starts a turn: its wait starts again at the next look
        assertThat(thief.startedNoTurnFor(victim, stale, t + stale)).isFalse();
        assertThat(thief.startedNoTurnFor(victim, stale, t + 2 * stale - 1)).isFalse();
        assertThat(thief.startedNoTurnFor(victim, stale, t + 2 * stale)).isTrue();

        assertThat(thief.startedNoTurnFor(other, stale, t + 2 * stale)).as("each sibling is timed on its own").isFalse();
        assertThat(thief.startedNoTurnFor(other, stale, t + 3 * stale)).isTrue();
    }

    @Test
    void anEmptyNextSlotIsNeverStale() {
        LocalQueue thief = new LocalQueue(0, 2, LocalRing.DEFAULT_CAPACITY);
        LocalQueue victim = new LocalQueue(1, 2, LocalRing.DEFAULT_CAPACITY);

        assertThat(thief.nextSlotIsStale(victim, 0)).isFalse();
        assertThat(thief.nextSlotIsStale(victim, 0)).isFalse();
        victim.putNextSlot(new Lingerer(true));
        assertThat(thief.nextSlotIsStale(victim, 0)).as("first look").isFalse();
        assertThat(thief.nextSlotIsStale(victim, 0)).isTrue();
    }

    /** A lingering schedulable with or without work; letting it go makes it ready again if it has work. */
    private static final class Lingerer implements Schedulable {
        private final boolean work;
        private boolean released;

        Lingerer(boolean work) {
            this.work = work;
        }

        @Override
        public boolean runTurn(Turn turn) {
            return false;
        }

        @Override
        public boolean hasWork() {
            return work;
        }

        @Override
        public boolean releaseLingering() {
            released = true;
            return work;
        }
    }
}
