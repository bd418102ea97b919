package io.github.rota.reliability;

import io.github.rota.api.ActorRef;
import io.github.rota.testkit.DeliveryLedger;
import io.github.rota.testkit.DeliveryLedger.Tracked;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;

/** Sender threads that spread numbered messages over receivers, all starting together. */
final class Traffic {

    private final List<Thread> senders = new ArrayList<>();

    private Traffic() {
    }

    /**
     * Starts {@code senders} threads, each sending {@code messagesEach} numbered messages round-robin
     * (from a different offset each) to {@code receivers}.
     */
    static Traffic start(DeliveryLedger ledger, List<ActorRef<Tracked>> receivers, int senders, int messagesEach,
                         int firstSender) {
        Traffic traffic = new Traffic();
        CyclicBarrier together = new CyclicBarrier(senders);
        for (int s = 0; s < senders; s++) {
            int sender = firstSender + s;
            Thread thread = new Thread(() -> {
                try {
                    together.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                for (int i = 0; i < messagesEach; i++) {
                    ActorRef<Tracked> receiver = receivers.get((i * 7 + sender) % receivers.size());
                    receiver.tell(ledger.next(sender, receiver));
                }
            }, "reliability-sender-" + sender);
            traffic.senders.add(thread);
            thread.start();
        }
        return traffic;
    }

    /** {@return whether every sender finished within the time} */
    boolean finish(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        for (Thread sender : senders) {
            sender.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (sender.isAlive()) {
                return false;
            }
        }
        return true;
    }
}
