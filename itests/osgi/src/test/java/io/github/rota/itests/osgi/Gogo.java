package io.github.rota.itests.osgi;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;

/** Runs a Gogo command line as an operator at the {@code g!} prompt would, and returns what they would read. */
final class Gogo {

    private Gogo() {
    }

    /**
     * @return what the command printed and its formatted result, or the exception's simple class name
     *         and message, as the shell shows them
     */
    static String run(CommandProcessor commands, String line) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        try (CommandSession session = commands.createSession(System.in, print, print)) {
            Object result = session.execute(line);
            if (result != null) {
                print.println(session.format(result, 0));
            }
        } catch (Exception e) {
            print.println(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
