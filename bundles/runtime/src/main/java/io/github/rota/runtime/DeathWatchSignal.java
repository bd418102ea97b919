package io.github.rota.runtime;

/**
 * That a watched actor stopped, travelling through the watcher's user mailbox, so that it arrives
 * after every message that actor sent before stopping.
 */
record DeathWatchSignal(LocalActorRef<?> ref) {
}
