package io.github.rota.shell;

/**
 * A command's bad argument, as the consoles should show it: Karaf's shell recognises an exception
 * by this simple name and prints its message without logging a stack trace at ERROR; Felix's Gogo
 * prints the message. The cause is the {@link IllegalArgumentException} that said what was wrong.
 */
final class CommandException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    CommandException(IllegalArgumentException cause) {
        super(cause.getMessage(), cause);
    }
}
