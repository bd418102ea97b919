package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.spi.pool.EnvelopePool;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An actor's system queue ({@link Mailboxes}), on a turn loop that runs nothing. */
class SystemQueueTest {

    private final Queue queue = new Queue();

    /** The system queue's operations, by the names a queue has. */
    private static final class Queue {
        private final TurnLoop loop = new TurnLoop(null, null, null, null, EnvelopePool.allocating(), 0, false);

        boolean push(SystemMessage message) {
            return loop.pushSystemMessage(message);
        }

        SystemMessage poll() {
            return loop.pollSystemMessage();
        }

        boolean isEmpty() {
            return loop.systemQueueIsEmpty();
        }

        SystemMessage close() {
            return loop.closeSystemQueue();
        }
    }

    @Test
    void isFifo() {
        List<SystemMessage> sent = List.of(SystemMessage.create(), SystemMessage.resume(), SystemMessage.terminate());
        sent.forEach(queue::push);
        assertThat(queue.isEmpty()).isFalse();
        SystemMessage first = queue.poll();
        queue.push(SystemMessage.recreate(new RuntimeException()));
        assertThat(first).isSameAs(sent.get(0));
        assertThat(queue.poll()).isSameAs(sent.get(1));
        assertThat(queue.poll()).isSameAs(sent.get(2));
        assertThat(queue.poll().kind).isEqualTo(SystemMessage.Kind.RECREATE);
        assertThat(queue.poll()).isNull();
        assertThat(queue.isEmpty()).isTrue();
    }

    @Test
    void closeReturnsEveryPendingMessageAndRefusesLaterOnes() {
        SystemMessage a = SystemMessage.create();
        SystemMessage b = SystemMessage.resume();
        SystemMessage c = SystemMessage.terminate();
        queue.push(a);
        queue.push(b);
        assertThat(queue.poll()).isSameAs(a); // b is now in the consumer's batch
        queue.push(c);

        List<SystemMessage> rest = new ArrayList<>();
        for (SystemMessage m = queue.close(); m != null; m = m.next) {
            rest.add(m);
        }
        assertThat(rest).containsExactly(b, c);
        assertThat(queue.push(SystemMessage.resume())).isFalse();
    }

    @Test
    void closedIsFinalAPollAfterCloseNeitherReturnsTheMarkerNorReopensTheQueue() {
        queue.push(SystemMessage.create());
        queue.close();

        assertThat(queue.poll()).isNull();
        assertThat(queue.isEmpty()).isTrue();
        assertThat(queue.push(SystemMessage.watch(null))).as("a watch after close is refused, so it gets its answer")
                .isFalse();
        assertThat(queue.poll()).isNull();
        assertThat(queue.close()).as("nothing was accepted after the first close").isNull();
    }

    @Test
    void keepsPerProducerOrderUnderConcurrentPushes() throws InterruptedException {
        int producers = 4;
        int perProducer = 50_000;
        Map<SystemMessage, int[]> origin = new IdentityHashMap<>();
        List<List<SystemMessage>> batches = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            List<SystemMessage> batch = new ArrayList<>();
            for (int i = 0; i < perProducer; i++) {
                SystemMessage m = SystemMessage.resume();
                batch.add(m);
                origin.put(m, new int[] {p, i});
            }
            batches.add(batch);
        }
        List<Thread> threads = new ArrayList<>();
        for (List<SystemMessage> batch : batches) {
            threads.add(new Thread(() -> batch.forEach(queue::push)));
        }
        threads.forEach(Thread::start);

        Map<Integer, Integer> next = new HashMap<>();
        int received = 0;
        while (received < producers * perProducer) {
            SystemMessage m = queue.poll();
            if (m == null) {
                Thread.yield();
                continue;
            }
            int[] from = origin.get(m);
            int expected = next.getOrDefault(from[0], 0);
            if (from[1] != expected) {
                throw new AssertionError("producer " + from[0] + ": got " + from[1] + ", expected " + expected);
            }
            next.put(from[0], expected + 1);
            received++;
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(queue.poll()).isNull();
        assertThat(next.values()).containsOnly(perProducer);
    }
}
