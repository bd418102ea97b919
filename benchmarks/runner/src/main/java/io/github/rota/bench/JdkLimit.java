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

    /** Passes {@code messages} messages inside {@code window}. */
    static void run(String limit, long messages, Window window) throws InterruptedException {
        if (limit.equals(MPSC)) {
            mpsc(messages, window);
        } else {
            spsc(messages, window);
        }
    }

    private static void mpsc(long messages, Window window) {
        MpscArrayQueue<Object> queue = new MpscArrayQueue<>(1024);
        window.open();
        Object sink = null;
        for (long i = 0; i < messages; i++) {
            queue.offer(BALL);
            sink = queue.poll();
        }
        window.close();
        if (sink != BALL) {
            throw new IllegalStateException("the queue lost a message");
        }
    }

    private static void spsc(long messages, Window window) throws InterruptedException {
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
        window.open();
        for (long i = 0; i < roundTrips; i++) {
            ping.offer(BALL);
            while (pong.poll() == null) {
                Thread.onSpinWait();
            }
        }
        window.close();
        ponger.join();
    }
}
