package io.github.rota.dispatcher.workstealing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The idle set's accounting survives a worker's thread dying at any point of the park handshake:
 * a worker a notifier has woken counts as a searcher from the notifier's claim on, so the claim,
 * not only what the woken thread does next, must be undone when the thread dies.
 */
class IdleTest {

    private final Remote first = new Remote(0, LocalRing.DEFAULT_CAPACITY);
    private final Remote second = new Remote(1, LocalRing.DEFAULT_CAPACITY);
    private final Shared queues = new Shared("idle", new Remote[] {first, second}, event -> { });

    @AfterEach
    void close() {
        queues.close();
    }

    private Core worker(Remote remote) {
        remote.bind(new Thread(() -> { })); // never started: an unpark is a no-op
        return new Core(remote, queues);
    }

    @Test
    void aWorkerWhoseThreadDiesRightAfterANotifierWokeItLeavesNoSearcherBehind() {
        Core dying = worker(first);
        Core other = worker(second);
        assertThat(dying.prepareToPark()).as("nothing to take: it parks").isEqualTo(Core.UNTIL_WOKEN);
        queues.notifyOne(); // a producer claims it, as the searcher
        assertThat(first.isSleeping()).isFalse();

        dying.recoverFromDeadThread(); // its thread died before it ran again

        assertThat(other.prepareToPark()).isEqualTo(Core.UNTIL_WOKEN);
        queues.notifyOne();
        assertThat(second.isSleeping()).as("the next wake-up still reaches a parked worker").isFalse();
    }
}
