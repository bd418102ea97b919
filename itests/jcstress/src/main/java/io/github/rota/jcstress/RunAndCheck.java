package io.github.rota.jcstress;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Runs jcstress with the given arguments and exits non-zero unless tests ran and every one passed.
 * jcstress fails on a forbidden outcome itself (it throws once it has printed its report), but a
 * test selection ({@code -t}) that matches nothing, after a rename say, runs no test and succeeds:
 * the build would keep passing with the race tests gone.
 */
public final class RunAndCheck {

    private RunAndCheck() {
    }

    public static void main(String[] args) throws Exception {
        ByteArrayOutputStream copy = new ByteArrayOutputStream();
        PrintStream console = System.out;
        System.setOut(new PrintStream(new Tee(console, copy), true, StandardCharsets.UTF_8));
        try {
            org.openjdk.jcstress.Main.main(args);
        } finally {
            System.out.flush();
            System.setOut(console);
        }
        String output = copy.toString(StandardCharsets.UTF_8);
        boolean ran = output.contains("RUN RESULTS:") && !output.contains("All remaining tests: No matches.");
        boolean clean = output.contains("Failed tests: No matches.") && output.contains("Error tests: No matches.");
        if (!ran || !clean) {
            console.println(ran ? "jcstress: a test failed or erred (see FAILED/ERROR above)"
                    : "jcstress: no test ran for the selection " + String.join(" ", args));
            System.exit(1);
        }
        System.exit(0); // jcstress leaves non-daemon threads behind
    }

    /** Writes to the console and keeps a copy. */
    private static final class Tee extends OutputStream {
        private final OutputStream console;
        private final OutputStream copy;

        Tee(OutputStream console, OutputStream copy) {
            this.console = console;
            this.copy = copy;
        }

        @Override
        public void write(int b) throws java.io.IOException {
            console.write(b);
            copy.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws java.io.IOException {
            console.write(b, off, len);
            copy.write(b, off, len);
        }

        @Override
        public void flush() throws java.io.IOException {
            console.flush();
        }
    }
}
