package io.github.rota.dispatcher.executor;

import io.github.rota.spi.support.TurnObservers;
import io.github.rota.spi.pool.EnvelopeCache;
import io.github.rota.spi.pool.EnvelopeCacheCarrier;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;

/**
 * A thread of an executor dispatcher's pool. It is also the {@link io.github.rota.spi.dispatch.Turn}
 * of the turns it runs, so a turn allocates nothing, and it carries the envelope pool's cache. The
 * turn fields and the cache are this thread's own.
 */
final class ExecutorThread extends ForkJoinWorkerThread implements TurnObservers.CountingTurn, EnvelopeCacheCarrier {

    private final ExecutorDispatcher dispatcher;
    private int lastMessagesHandled;
    /** The envelope pool's cache for this thread (see {@link EnvelopeCacheCarrier}). */
    private EnvelopeCache envelopeCache;

    ExecutorThread(ForkJoinPool pool, ExecutorDispatcher dispatcher, String name) {
        super(pool);
        this.dispatcher = dispatcher;
        setName(name);
        // A fixed class loader rather than whichever thread made the pool grow (in OSGi, an SCR or
        // ConfigAdmin thread): the same as the JDK's common ForkJoinPool gives its workers.
        setContextClassLoader(ClassLoader.getSystemClassLoader());
    }

    @Override
    public int budget() {
        return dispatcher.throughputBudget();
    }

    @Override
    public void messagesHandled(int count) {
        lastMessagesHandled = count; // this kind keeps no counters: it is the plain-JDK baseline
    }

    @Override
    public int lastMessagesHandled() {
        return lastMessagesHandled;
    }

    @Override
    public <T> T blocking(Callable<T> work) throws Exception {
        return ExecutorDispatcher.managedBlock(work);
    }

    @Override
    public EnvelopeCache envelopeCache() {
        return envelopeCache;
    }

    @Override
    public void envelopeCache(EnvelopeCache cache) {
        envelopeCache = cache;
    }

    /** The pool ends this thread (idle too long, or shut down): the envelopes it kept go back to the pool. */
    @Override
    protected void onTermination(Throwable exception) {
        try {
            flushEnvelopeCache();
        } finally {
            super.onTermination(exception);
        }
    }
}
