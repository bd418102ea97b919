package io.github.rota.api;

/**
 * Marks a message that a {@code control-aware} mailbox delivers ahead of ordinary messages (a
 * cancellation, a reconfiguration, a health probe). Control messages keep their order among
 * themselves, as ordinary ones do among themselves. Other mailbox types treat them as ordinary.
 */
public interface ControlMessage {
}
