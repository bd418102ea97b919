package io.github.rota.bench;

import org.jctools.queues.MpscArrayQueue;
import org.jctools.queues.SpscArrayQueue;

/**
 * The plain-JDK limits that actor runtimes are measured against on {@code pingpong-1}:
 * {@code jdk-mpsc}, one thread doing offer+poll on a JCTools MPSC queue (a mailbox with nothing
 * else around it), and {@code jdk-spsc}, two threads handing one message back and forth through two
 * spinning SPSC queues (a ping-pong with no scheduler).
 */
final class JdkLimit {

    static final String MPSC = "jdk-mpsc";
    static final String SPSC = "jdk-spsc";
    private static final Object BALL = "ball";

    private JdkLimit() {
    }

    static boolean isLimit(String runtime) {
        return runtime.equals(MPSC) || runtime.equals(SPSC);
    }

    /** @return nanoseconds for {@code messages} messages */
    static long run(String limit, long messages) throws InterruptedException {
        return limit.equals(MPSC) ? mpsc(messages) : spsc(messages);
    }

    private static long mpsc(long messages) {
        MpscArrayQueue<Object> queue = new MpscArrayQueue<>(1024);
        long start = System.nanoTime();
        Object sink = null;
        for (long i = 0; i < messages; i++) {
            queue.offer(BALL);
            sink = queue.poll();
        }
        long nanos = System.nanoTime() - start;
        if (sink != BALL) {
            throw new IllegalStateException("the queue lost a message");
        }
        return nanos;
    }

    private static long spsc(long messages) throws InterruptedException {
        SpscArrayQueue<Object> ping = new SpscArrayQueue<>(1024);
        SpscArrayQueue<Object> pong = new SpscArrayQueue<>(1024);
        long roundTrips = messages / 2;
        Thread ponger = new Thread(() -> {
            for (long i = 0; i < roundTrips; i++) {
                Object ball;
                while ((ball = ping.poll()) == null) {
                    Thread.onSpinWait();
                }
                pong.offer(ball);
            }
        }, "jdk-spsc-ponger");
        ponger.start();
        long start = System.nanoTime();
        for (long i = 0; i < roundTrips; i++) {
            ping.offer(BALL);
            while (pong.poll() == null) {
                Thread.onSpinWait();
            }
        }
        long nanos = System.nanoTime() - start;
        ponger.join();
        return nanos;
    }
}
