package io.github.rota.dispatcher.workstealing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import org.junit.jupiter.api.Test;

/** How a searching worker times a sibling's next slot: stale once the sibling has started no turn for long enough. */
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
        assertThat(search.nextSlotIsStale(victim, 0)).isFalse();
        assertThat(search.nextSlotIsStale(victim, 0)).isFalse();
        victim.putNextSlot(new Waiting());
        assertThat(search.nextSlotIsStale(victim, 0)).as("first look").isFalse();
        assertThat(search.nextSlotIsStale(victim, 0)).isTrue();
    }

    /** An actor waiting in a next slot; only moved here. */
    private static final class Waiting implements Schedulable {
        @Override
        public boolean runTurn(Turn turn) {
            throw new AssertionError("only moved between queues here");
        }
    }
}
