package io.github.rota.itests.distribution;

import static io.github.rota.itests.distribution.Jmx.connectWhenListening;
import static io.github.rota.itests.distribution.Jmx.freePort;
import static io.github.rota.itests.distribution.Jmx.passwords;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The WebConsole's Rota page in the running Felix distribution ({@code bin/rota start --web}), used
 * in a real browser (Debian's headless Chromium): it shows the default dispatcher's row with live
 * rates; a budget set on the page is what the MBean then reads and what the dispatcher's {@code .cfg}
 * file holds; a refused budget shows the MBean's reason and changes nothing. The console asks for
 * the generated login and listens on 127.0.0.1 only.
 */
class WebConsoleIT {

    private static final String DEFAULT_ROW = "tr[data-dispatcher='rota/default']";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private UnpackedDistribution rota;
    private ChromeDriver browser;

    @AfterEach
    void stop() throws Exception {
        if (browser != null) {
            browser.quit();
        }
        if (rota != null) {
            rota.stopIfRunning();
        }
    }

    @Test
    void theRotaPageShowsTheDispatchersLiveAndSetsTheBudgetAsJmxDoes() throws Exception {
        rota = UnpackedDistribution.unpack("webconsole");
        int web = freePort();
        int jmx = freePort();
        UnpackedDistribution.Result started = rota.rota("start", "--web=" + web, "--jmx=" + jmx);
        assertThat(started.exit()).as(started.output()).isZero();
        Path passwordFile = rota.home.resolve("conf/webconsole.password");
        assertThat(started.output()).contains("WebConsole password generated in " + passwordFile)
                .contains("WebConsole: http://127.0.0.1:" + web + "/system/console/rota (127.0.0.1 only");
        Path argsFile = rota.home.resolve("conf/webconsole.args");
        Set<PosixFilePermission> ownerOnly = Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        assertThat(Files.getPosixFilePermissions(passwordFile)).isEqualTo(ownerOnly);
        assertThat(Files.getPosixFilePermissions(argsFile)).isEqualTo(ownerOnly);
        String password = webPassword(passwordFile);
        // The JVM gets the hash only: its system properties are anyone's who can read JMX.
        assertThat(Files.readString(argsFile)).doesNotContain(password).contains("-Dfelix.webconsole.password={sha-256}"
                + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(password.getBytes(StandardCharsets.UTF_8))));
        URI page = URI.create("http://127.0.0.1:" + web + "/system/console/rota");

        try {
            await("the WebConsole up").atMost(Duration.ofSeconds(60)).ignoreExceptions()
                    .until(() -> get(page, null).statusCode(), status -> status == 401);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("the WebConsole never asked for the login at " + page + "; the end of rota.log:\n"
                    + rota.logTail(40), e);
        }
        assertThat(get(page, "not-the-password").statusCode()).isEqualTo(401);
        assertThat(postAsAFormWould(URI.create(page + "/budget"), password, "system=rota&dispatcher=default&budget=8").statusCode())
                .as("a post without the page's header, as another site's form would send it").isEqualTo(403);

        try (JMXConnector connector = connectWhenListening(jmx, "monitor", passwords(rota.home.resolve("conf/jmxremote.password")).get("monitor"))) {
            MBeanServerConnection mbeans = connector.getMBeanServerConnection();
            ObjectName dispatcher = new ObjectName("io.github.rota:type=Dispatcher,system=rota,name=default");

            browser = chromium(password);
            browser.get(page.toString());
            // Rows stay and their cells are rewritten every second, so the row found here stays valid.
            WebElement row = await("the default dispatcher's row with its rates").atMost(Duration.ofSeconds(30))
                    .ignoreExceptions().until(() -> browser.findElement(By.cssSelector(DEFAULT_ROW)),
                            r -> !r.findElements(By.tagName("td")).get(7).getText().isEmpty());
            assertThat(cells(row)).startsWith("rota", "default", "work-stealing",
                    String.valueOf(mbeans.getAttribute(dispatcher, "Workers")));
            assertThat(row.findElement(By.className("budget-input")).getDomProperty("value")).isEqualTo("32");
            assertThat(browser.findElement(By.id("rota-status")).getText()).startsWith("Actor system rota: ");
            assertThat(browser.findElements(By.cssSelector("#rota-mailboxes tbody tr"))).isNotEmpty();
            assertThat(browser.findElement(By.cssSelector("#rota-rates thead")).getText())
                    .contains("steal operations", "parks", "overflow to global");
            screenshot(row);

            setBudget(row, "48");
            await().atMost(Duration.ofSeconds(10)).until(() -> message(row), "set to 48"::equals);
            assertThat(mbeans.getAttribute(dispatcher, "ThroughputBudget")).isEqualTo(48);
            await("saved to the .cfg file").atMost(Duration.ofSeconds(10)).until(() -> Files.readString(
                    rota.home.resolve("etc/io.github.rota.dispatcher-default.cfg")).contains("throughput = 48"));

            setBudget(row, "0");
            await().atMost(Duration.ofSeconds(10)).until(() -> message(row), "throughput budget must be in 1..1000000, was 0"::equals);
            assertThat(row.findElement(By.className("budget-message")).getDomAttribute("class")).contains("refused");
            setBudget(row, "lots");
            await().atMost(Duration.ofSeconds(10)).until(() -> message(row).contains("lots"));
            assertThat(message(row)).isEqualTo("the throughput budget must be a whole number of messages, was 'lots'");
            assertThat(mbeans.getAttribute(dispatcher, "ThroughputBudget")).as("nothing changed").isEqualTo(48);
        }
        assertThat(Files.readString(rota.log())).doesNotContain("ERROR");
        assertThat(rota.rota("stop").exit()).isZero();
    }

    @Test
    void withoutWebNothingListens() throws Exception {
        rota = UnpackedDistribution.unpack("no-web");
        int port = freePort();
        // A port, but not --web: the HTTP service must stay off rather than fall back to listening.
        UnpackedDistribution.Result started = rota.rota(Map.of("JAVA_OPTS", "-Drota.web.port=" + port), "start");
        assertThat(started.exit()).as(started.output()).isZero();
        assertThat(started.output()).doesNotContain("WebConsole");
        assertThat(rota.home.resolve("conf/webconsole.password")).doesNotExist();
        await().atMost(Duration.ofSeconds(30)).until(() -> Files.readString(rota.log()).contains("demo: last"));
        assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(ConnectException.class);
        // Nor is the HTTP service there at all: no Jetty class loaded, and no "Jetty not started" warning.
        String pid = Files.readString(rota.home.resolve("data/rota.pid")).trim();
        UnpackedDistribution.Result classes = UnpackedDistribution.run(
                List.of(Path.of(System.getProperty("rota.java.home"), "bin", "jcmd").toString(), pid, "VM.class_hierarchy"), rota.home);
        assertThat(classes.exit()).as(classes.output()).isZero();
        assertThat(classes.output()).contains("io.github.rota.").doesNotContain("org.eclipse.jetty", "org.apache.felix.webconsole");
        assertThat(Files.readString(rota.log())).doesNotContain("ERROR", "Jetty");
        assertThat(rota.rota("stop").exit()).isZero();
    }

    private static ChromeDriver chromium(String password) {
        ChromeOptions options = new ChromeOptions().setBinary(System.getProperty("rota.chromium"))
                // Headless as root on a machine without a network beyond loopback: no sandbox, no
                // background connections (each would be refused), a profile of its own.
                .addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        "--no-first-run", "--window-size=1400,1000");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(System.getProperty("rota.chromedriver"))).usingAnyFreePort().build();
        ChromeDriver driver = new ChromeDriver(service, options);
        // The console's HTTP Basic login, sent with every request the page makes (as a browser does once
        // the user has typed it in).
        driver.executeCdpCommand("Network.enable", Map.of());
        driver.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of("Authorization", basic(password))));
        return driver;
    }

    private static void setBudget(WebElement row, String budget) {
        WebElement input = row.findElement(By.className("budget-input"));
        // Type over what is there, the field focused throughout, as a user does: the page leaves a
        // focused field alone, but clear() blurs it, and a refresh could write the budget back before
        // the keys (CI once typed 48 after a restored 32: "3248").
        input.sendKeys(Keys.chord(Keys.CONTROL, "a"), budget);
        row.findElement(By.className("budget-set")).click();
    }

    private static String message(WebElement row) {
        return row.findElement(By.className("budget-message")).getText();
    }

    private static List<String> cells(WebElement row) {
        return row.findElements(By.tagName("td")).stream().map(WebElement::getText).toList();
    }

    /** Saves the page as the browser drew it, and checks the dispatcher's row was drawn: text on a background. */
    private void screenshot(WebElement row) throws Exception {
        Path dir = Files.createDirectories(Path.of(System.getProperty("rota.screenshot.dir")));
        Files.write(dir.resolve("rota-page.png"), browser.getScreenshotAs(OutputType.BYTES));
        BufferedImage drawn = ImageIO.read(new ByteArrayInputStream(row.getScreenshotAs(OutputType.BYTES)));
        assertThat(drawn.getWidth()).isGreaterThan(400);
        Set<Integer> colours = new HashSet<>();
        for (int x = 0; x < drawn.getWidth(); x++) {
            for (int y = 0; y < drawn.getHeight(); y++) {
                colours.add(drawn.getRGB(x, y));
            }
        }
        assertThat(colours).as("the row's pixels: more than a blank box").hasSizeGreaterThan(10);
    }

    /** The password bin/rota generated: {@code admin <password>}. */
    private static String webPassword(Path file) throws Exception {
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(1).allMatch(line -> line.startsWith("admin "));
        String password = lines.get(0).substring("admin ".length());
        assertThat(password).hasSizeGreaterThanOrEqualTo(32);
        return password;
    }

    private static String basic(String password) {
        return "Basic " + Base64.getEncoder().encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static HttpResponse<String> get(URI uri, String password) throws Exception {
        // Bounded, so a connection that is accepted but never answered fails this poll, not the whole wait.
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10));
        if (password != null) {
            request.header("Authorization", basic(password));
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> postAsAFormWould(URI uri, String password, String form) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).header("Authorization", basic(password))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)).build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
