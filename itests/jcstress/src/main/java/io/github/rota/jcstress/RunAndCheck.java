package io.github.rota.jcstress;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs jcstress with the given arguments and exits non-zero unless tests ran and every one passed.
 * jcstress fails on a forbidden outcome itself (it throws once it has printed its report), but a
 * test selection ({@code -t}) that matches nothing, after a rename say, runs no test and succeeds:
 * the build would keep passing with the race tests gone. So would a selection by names after one
 * name no longer matches: each named test must have run.
 *
 * <p>jcstress prints a long banner and a progress line per second; that goes to
 * {@code console.txt} in the results directory ({@code -r}), and the build log gets one summary
 * line, or everything jcstress printed if a test failed, erred or none ran.
 */
public final class RunAndCheck {

    /** A selection by names: {@code \.(A|B|C)$}. */
    private static final Pattern NAMED = Pattern.compile("\\\\\\.\\((.+)\\)\\$");
    private static final Pattern RESULTS =
            Pattern.compile("Results: (\\d+) planned; (\\d+) passed, (\\d+) failed, (\\d+) soft errs, (\\d+) hard errs");

    private RunAndCheck() {
    }

    public static void main(String[] args) throws Exception {
        ByteArrayOutputStream copy = new ByteArrayOutputStream();
        PrintStream console = System.out;
        System.setOut(new PrintStream(copy, true, StandardCharsets.UTF_8));
        Throwable thrown = null;
        try {
            org.openjdk.jcstress.Main.main(args);
        } catch (Exception | Error e) { // a forbidden outcome: jcstress throws after its report
            thrown = e;
        } finally {
            System.out.flush();
            System.setOut(console);
        }
        String output = copy.toString(StandardCharsets.UTF_8);
        Path saved = resultsDirectory(args).resolve("console.txt");
        Files.createDirectories(saved.getParent());
        Files.writeString(saved, output);
        boolean ran = output.contains("RUN RESULTS:") && !output.contains("All remaining tests: No matches.");
        boolean clean = thrown == null && output.contains("Failed tests: No matches.")
                && output.contains("Error tests: No matches.");
        if (!ran || !clean) {
            console.print(output);
            console.println(ran ? "jcstress: a test failed or erred (see FAILED/ERROR above)"
                    : "jcstress: no test ran for the selection " + String.join(" ", args));
            System.exit(1);
        }
        List<String> missing = namedButNotRun(args);
        if (!missing.isEmpty()) {
            console.println("jcstress: the selection names tests that did not run (renamed or removed?): " + missing);
            System.exit(1);
        }
        String summary = "tests ran, all passed";
        Matcher results = RESULTS.matcher(output);
        while (results.find()) { // the progress line repeats; the last one is the total
            summary = results.group(1) + " tests planned, " + results.group(2) + " passed";
        }
        console.println("jcstress " + String.join(" ", args) + ": " + summary + " (output: " + saved + ")");
        System.exit(0); // jcstress leaves non-daemon threads behind
    }

    /**
     * A selection that lists tests by name, {@code \.(NameTest|Outer\.Nested)$}, must run each: one that
     * matched nothing after a rename would otherwise drop out unnoticed among the others.
     */
    private static List<String> namedButNotRun(String[] args) throws Exception {
        Matcher names = NAMED.matcher(option(args, "-t", ""));
        if (!names.matches()) {
            return List.of();
        }
        List<String> ran;
        try (Stream<Path> files = Files.list(resultsDirectory(args))) {
            ran = files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".html"))
                    .map(f -> f.substring(0, f.length() - ".html".length())).toList();
        }
        List<String> missing = new ArrayList<>();
        for (String name : names.group(1).split("\\|")) {
            Pattern test = Pattern.compile("\\." + name + "$");
            if (ran.stream().noneMatch(r -> test.matcher(r).find())) {
                missing.add(name.replace("\\.", "."));
            }
        }
        return missing;
    }

    private static Path resultsDirectory(String[] args) {
        return Path.of(option(args, "-r", "jcstress-results"));
    }

    private static String option(String[] args, String name, String otherwise) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return otherwise;
    }
}
