package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.function.BiConsumer;

/**
 * The messages an actor put aside ({@code stash()}) and those it took back ({@code unstashAll()}),
 * which it handles before its mailbox, oldest first.
 *
 * <p>Threads: confined to the actor's turns.
 */
final class Stash {

    /** A message put aside, with its sender. */
    record Stashed(Object message, ActorRef<?> sender) {
    }

    private ArrayDeque<Stashed> stashed;
    private ArrayDeque<Stashed> unstashed;

    void stash(Object message, ActorRef<?> sender) {
        if (stashed == null) {
            stashed = new ArrayDeque<>();
        }
        stashed.addLast(new Stashed(message, sender));
    }

    /** Every stashed message goes back ahead of the mailbox, in the order it was stashed. */
    void unstashAll() {
        if (stashed == null || stashed.isEmpty()) {
            return;
        }
        if (unstashed == null) {
            unstashed = new ArrayDeque<>();
        }
        for (Iterator<Stashed> it = stashed.descendingIterator(); it.hasNext(); ) {
            unstashed.addFirst(it.next());
        }
        stashed.clear();
    }

    boolean hasUnstashed() {
        return unstashed != null && !unstashed.isEmpty();
    }

    /** @return the oldest unstashed message; only after {@link #hasUnstashed} */
    Stashed nextUnstashed() {
        return unstashed.pollFirst();
    }

    /** The actor stopped: every message still here, stashed first, goes to {@code deadLetter}; the stash empties. */
    void drain(BiConsumer<Object, ActorRef<?>> deadLetter) {
        if (stashed != null) {
            stashed.forEach(s -> deadLetter.accept(s.message(), s.sender()));
            stashed = null;
        }
        if (unstashed != null) {
            unstashed.forEach(s -> deadLetter.accept(s.message(), s.sender()));
            unstashed = null;
        }
    }
}
