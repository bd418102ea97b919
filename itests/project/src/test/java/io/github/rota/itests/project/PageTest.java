package io.github.rota.itests.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the documentation checks read from a page: GitHub's anchors, the links outside code, the quoted blocks. */
class PageTest {

    @TempDir
    Path dir;

    @Test
    void headingsGetGithubsAnchors() {
        assertThat(Page.slug("The workload runner (`bench`), side by side with Apache Pekko"))
                .isEqualTo("the-workload-runner-bench-side-by-side-with-apache-pekko");
        assertThat(Page.slug("Deploying the bundles into your own Felix or Karaf"))
                .isEqualTo("deploying-the-bundles-into-your-own-felix-or-karaf");
        assertThat(Page.slug("JMX guide")).isEqualTo("jmx-guide");
        assertThat(Page.slug("What `rota:top` shows — per worker")).isEqualTo("what-rotatop-shows--per-worker");
        assertThat(Page.slug("See [the guide](guide.md) first")).isEqualTo("see-the-guide-first");
    }

    @Test
    void linksAreReadOutsideCodeOnly() throws IOException {
        Path page = write("""
                # Title
                ## Title
                A [link](other.md#part), an ![image](img.png), <a href="raw.html">raw</a> and `[not](code.md)`.
                ```
                [neither](fenced.md)
                # not a heading
                ```
                [external](https://example.org/x)
                """);
        Page read = Page.read(page);
        assertThat(read.links()).extracting(Page.Link::target)
                .containsExactly("other.md#part", "img.png", "raw.html", "https://example.org/x");
        assertThat(read.links().get(0).path()).isEqualTo("other.md");
        assertThat(read.links().get(0).anchor()).isEqualTo("part");
        assertThat(read.links().get(3).isExternal()).isTrue();
        assertThat(read.anchors()).containsExactlyInAnyOrder("title", "title-1");
    }

    @Test
    void aQuoteMarkerTakesTheBlockAfterIt() throws IOException {
        Path page = write("""
                <!-- quote: src/Hello.java -->
                ```java
                class Hello {}
                ```
                """);
        assertThat(Page.read(page).quotes()).singleElement().satisfies(quote -> {
            assertThat(quote.path()).isEqualTo("src/Hello.java");
            assertThat(quote.block()).isEqualTo("class Hello {}\n");
        });
    }

    @Test
    void aQuoteMarkerWithoutABlockIsAnError() throws IOException {
        Path page = write("""
                <!-- quote: src/Hello.java -->
                Some prose instead.
                """);
        assertThatThrownBy(() -> Page.read(page)).hasMessageContaining("must be followed by a code block");
    }

    private Path write(String text) throws IOException {
        return Files.writeString(dir.resolve("page.md"), text);
    }
}
