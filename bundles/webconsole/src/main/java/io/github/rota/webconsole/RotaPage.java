package io.github.rota.webconsole;

import jakarta.servlet.Servlet;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import org.apache.felix.webconsole.servlet.AbstractServlet;
import org.apache.felix.webconsole.servlet.ServletConstants;
import org.osgi.service.component.annotations.Component;

/**
 * The WebConsole page "Rota" ({@code /system/console/rota}): every dispatcher with its kind,
 * workers, parked workers, budget, queue depths and counters as rates, refreshed every second; the
 * largest mailboxes of each actor system; the envelope pool. The budget is editable: the page posts
 * it to {@code rota/budget}, which sets it through the dispatcher's MBean, so it is validated and
 * saved exactly as a JMX write is, and a refused value comes back with the MBean's reason.
 *
 * <p>Requests: {@code GET rota} is the page (the WebConsole adds its header and navigation around
 * {@link #renderContent}); {@code GET rota/data.json} the snapshot the page's script polls;
 * {@code POST rota/budget} with {@code system}, {@code dispatcher} and {@code budget}. A post must
 * carry {@code X-Requested-With: XMLHttpRequest}: a page of another site cannot send that header
 * without the browser asking this server first (a CORS preflight, which it does not grant), so
 * another site cannot change a budget with the operator's login.
 */
// Immediate: the page is one small object, and the WebConsole takes it whenever HTTP is on.
@Component(service = Servlet.class, immediate = true, property = {
        ServletConstants.PLUGIN_LABEL + "=" + RotaPage.LABEL,
        ServletConstants.PLUGIN_TITLE + "=Rota",
        ServletConstants.PLUGIN_CATEGORY + "=Main"})
public final class RotaPage extends AbstractServlet {

    /** The page's label: the last segment of its address. */
    public static final String LABEL = "rota";

    private static final long serialVersionUID = 1L;

    private final transient RotaMBeans mbeans = new RotaMBeans(ManagementFactory.getPlatformMBeanServer());

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        if (path(request).endsWith("/data.json")) {
            Json json = new Json();
            mbeans.snapshot(json);
            setNoCache(response);
            respond(response, HttpServletResponse.SC_OK, json);
        } else {
            super.doGet(request, response); // the page's script and style sheet; the page itself otherwise
        }
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!path(request).endsWith("/budget")) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
        } else if (!"XMLHttpRequest".equals(request.getHeader("X-Requested-With"))) {
            respond(response, HttpServletResponse.SC_FORBIDDEN, error("a budget is set from the Rota page's script"));
        } else {
            setBudget(request, response);
        }
    }

    private void setBudget(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String system = request.getParameter("system");
        String dispatcher = request.getParameter("dispatcher");
        String text = request.getParameter("budget");
        if (system == null || dispatcher == null || text == null) {
            respond(response, HttpServletResponse.SC_BAD_REQUEST, error("system, dispatcher and budget are required"));
            return;
        }
        int budget;
        try {
            budget = Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            respond(response, HttpServletResponse.SC_BAD_REQUEST,
                    error("the throughput budget must be a whole number of messages, was '" + text + "'"));
            return;
        }
        try {
            if (mbeans.setBudget(system, dispatcher, budget)) {
                respond(response, HttpServletResponse.SC_OK, new Json().beginObject().member("budget", budget).endObject());
            } else {
                respond(response, HttpServletResponse.SC_NOT_FOUND,
                        error("actor system '" + system + "' has no dispatcher '" + dispatcher + "'"));
            }
        } catch (IllegalArgumentException e) {
            respond(response, HttpServletResponse.SC_BAD_REQUEST, error(e.getMessage()));
        }
    }

    @Override
    public void renderContent(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String root = html(String.valueOf(request.getAttribute(ServletConstants.ATTR_PLUGIN_ROOT)));
        response.getWriter().print("""
                <link rel="stylesheet" href="%1$s/res/rota.css">
                <div id="rota" data-root="%1$s">
                  <p class="statline" id="rota-status">Reading Rota's MBeans&hellip;</p>
                  <h2>Dispatchers</h2>
                  <table class="nicetable" id="rota-dispatchers">
                    <thead><tr><th>System</th><th>Dispatcher</th><th>Kind</th><th>Workers</th><th>Parked</th>
                      <th>Shared queue</th><th>Worker queues</th><th>Turns/s</th><th>Messages/s</th>
                      <th>Throughput budget</th></tr></thead>
                    <tbody></tbody>
                  </table>
                  <h2>Counters per second</h2>
                  <table class="nicetable" id="rota-rates"><thead></thead><tbody></tbody></table>
                  <h2>Largest mailboxes</h2>
                  <table class="nicetable" id="rota-mailboxes">
                    <thead><tr><th>System</th><th>Messages waiting</th><th>Actor</th></tr></thead>
                    <tbody></tbody>
                  </table>
                  <h2>Envelope pool</h2>
                  <table class="nicetable" id="rota-pools">
                    <thead><tr><th>System</th><th>Shards</th><th>Capacity per shard</th><th>Spare now</th>
                      <th>Hits/s</th><th>Misses/s</th><th>Drops/s</th><th>Hit ratio since start</th></tr></thead>
                    <tbody></tbody>
                  </table>
                </div>
                <script src="%1$s/res/rota.js"></script>
                """.formatted(root));
    }

    /** The path below the WebConsole's root, e.g. {@code /rota/data.json}. */
    private static String path(HttpServletRequest request) {
        String path = request.getPathInfo();
        return path == null ? "" : path;
    }

    private static Json error(String message) {
        return new Json().beginObject().member("error", message).endObject();
    }

    private static void respond(HttpServletResponse response, int status, Json body) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.getWriter().print(body);
    }

    private static String html(String text) {
        return text.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
