package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.MessagePriority;

/** Test ordering {@code by-length}: shorter strings first. */
public final class ByLength implements MessagePriority {

    @Override
    public String name() {
        return "by-length";
    }

    @Override
    public int compare(Object a, Object b) {
        return Integer.compare(a.toString().length(), b.toString().length());
    }
}
