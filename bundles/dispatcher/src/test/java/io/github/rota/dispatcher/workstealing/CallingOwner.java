package io.github.rota.dispatcher.workstealing;

/** The worker's thread, without a thread of its own: whoever calls {@link Worker#runOn}. */
final class CallingOwner implements Worker.Owner {
    volatile Worker current;
    private int budget;
    private int lastHandled;

    CallingOwner(Worker worker) {
        current = worker;
    }

    @Override
    public Worker worker() {
        return current;
    }

    @Override
    public void beginTurn(int budget) {
        this.budget = budget;
    }

    @Override
    public int budget() {
        return budget;
    }

    @Override
    public void messagesHandled(int count) {
        lastHandled = count;
    }

    @Override
    public int lastMessagesHandled() {
        return lastHandled;
    }

    @Override
    public void beforePark() {
        // no thread of its own to look after
    }
}
