package io.github.rota.runtime;

import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Who an actor watches and who watches it (Pekko's dungeon {@code DeathWatch}). The messages that
 * go with each change (watch, unwatch, the notification when an actor stops) are the cell's to
 * send; this keeps the two sets.
 *
 * <p>Threads: confined to the actor's turns.
 *
 * @param <W> a watcher (the cell of an actor watching this one)
 * @param <T> a watched actor (its reference)
 */
final class DeathWatch<W, T> {

    private Set<T> watching;
    private Set<W> watchers;

    /** @return {@code true} if {@code target} was not watched yet: the cell tells it */
    boolean watch(T target) {
        if (watching == null) {
            watching = new HashSet<>();
        }
        return watching.add(target);
    }

    /** @return {@code true} if {@code target} was watched: the cell tells it */
    boolean unwatch(T target) {
        return watching != null && watching.remove(target);
    }

    boolean isWatching(T target) {
        return watching != null && watching.contains(target);
    }

    void addWatcher(W watcher) {
        if (watchers == null) {
            watchers = new HashSet<>();
        }
        watchers.add(watcher);
    }

    void removeWatcher(W watcher) {
        if (watchers != null) {
            watchers.remove(watcher);
        }
    }

    /**
     * The actor stopped: hands every watcher and every watched actor to the cell, once, and forgets
     * them.
     */
    void end(Consumer<W> notifyWatcher, Consumer<T> stopWatching) {
        if (watchers != null) {
            watchers.forEach(notifyWatcher);
            watchers = null;
        }
        if (watching != null) {
            watching.forEach(stopWatching);
            watching = null;
        }
    }
}
