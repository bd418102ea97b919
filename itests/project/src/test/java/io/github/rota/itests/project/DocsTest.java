package io.github.rota.itests.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and the pages under {@code docs/} as a reader meets them: a link that leads nowhere,
 * or an example that no longer matches the file it shows, is a broken promise.
 */
class DocsTest {

    private static final Path ROOT = Path.of(System.getProperty("rota.root", "../..")).toAbsolutePath().normalize();
    private static final int README_MAX_LINES = 250;

    private static List<Page> pages() {
        List<Path> files = new ArrayList<>();
        files.add(ROOT.resolve("README.md"));
        files.add(ROOT.resolve("CHANGELOG.md"));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files.stream().filter(Files::isRegularFile).map(Page::read).toList();
    }

    @Test
    void theReadmeIsReadInFiveMinutes() throws IOException {
        assertThat(Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8).size())
                .as("README.md's lines: the rest belongs in docs/").isLessThanOrEqualTo(README_MAX_LINES);
    }

    @Test
    void everyRelativeLinkLeadsToAFileAndHeadingOfTheRepository() {
        List<Page> pages = pages();
        assertThat(pages).extracting(page -> ROOT.relativize(page.file()).toString())
                .contains("README.md", "CHANGELOG.md", "docs/architecture.md");
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Page page : pages) {
            for (Page.Link link : page.links()) {
                if (link.isExternal()) {
                    continue;
                }
                checked++;
                String problem = problemWith(page, link);
                if (problem != null) {
                    broken.add(ROOT.relativize(page.file()) + ":" + link.line() + ": (" + link.target() + ") " + problem);
                }
            }
        }
        assertThat(checked).as("relative links found").isPositive();
        assertThat(broken).as("broken links").isEmpty();
    }

    private static String problemWith(Page page, Page.Link link) {
        Path target = link.path().isEmpty() ? page.file() : page.file().getParent().resolve(link.path()).normalize();
        if (!target.startsWith(ROOT)) {
            return "points outside the repository";
        }
        if (!Files.exists(target)) {
            return "no such file";
        }
        if (link.anchor().isEmpty() || !target.toString().endsWith(".md")) {
            return null;
        }
        return Page.read(target).anchors().contains(link.anchor()) ? null : "no heading with anchor #" + link.anchor();
    }

    @Test
    void everyQuotedFileIsShownExactly() {
        List<Page.Quote> quotes = pages().stream().flatMap(page -> page.quotes().stream()).toList();
        assertThat(quotes).as("blocks marked <!-- quote: PATH -->").extracting(Page.Quote::path)
                .contains("examples/hello/src/main/java/io/github/rota/example/Hello.java");
        for (Page.Quote quote : quotes) {
            Path file = ROOT.resolve(quote.path());
            assertThat(file).as("quoted by %s", quote.where()).isRegularFile();
            String content;
            try {
                content = Files.readString(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            assertThat(quote.block().strip()).as("the block at %s shows %s as it is", quote.where(), quote.path())
                    .isEqualTo(content.strip());
        }
    }
}
