package io.github.rota.dispatcher.workstealing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.spi.dispatch.LingeringSchedulable;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A worker's linger slots, as its owner, the probe and a stopping dispatcher use them. */
class RemoteTest {

    private final Remote local = new Remote(0, LocalRing.DEFAULT_CAPACITY);

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

        assertThat(local.takeLingering(0)).isSameAs(actor);
        assertThat(local.takeLingering(0)).isNull();
        assertThat(local.claimLingeringWithWork()).isNull();
    }

    @Test
    void aStoppedWorkerLetsItsLingeringActorsGoAndHandsBackThoseThatAreReadyAgain() {
        Shared shared = new Shared("stopped", new Remote[] {local}, event -> { });
        Lingerer quiet = new Lingerer(false);
        Lingerer busy = new Lingerer(true);
        local.putLingering(quiet);
        local.putLingering(busy);
        List<Schedulable> unrun = new ArrayList<>();

        shared.drainInto(unrun);

        assertThat(unrun).containsExactly(busy);
        assertThat(quiet.released).isTrue();
        assertThat(busy.released).isTrue();
        assertThat(local.hasLingerRoom()).isTrue();
    }

    /** A lingering schedulable with or without work; letting it go makes it ready again if it has work. */
    private static final class Lingerer implements LingeringSchedulable {
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
