// The Rota page: polls rota/data.json every second and renders it. Counters arrive as the MBeans'
// monotonic totals; a rate is the difference to the previous snapshot over the time between them
// (a counter that went down belongs to a replaced dispatcher, and shows no rate until the next one).
(function () {
    'use strict';
    const page = document.getElementById('rota');
    const root = page.dataset.root;
    const status = document.getElementById('rota-status');
    const dispatcherRows = new Map(); // "system/id" -> row, kept so a budget being typed survives refreshes
    let previous = null;

    const number = new Intl.NumberFormat('en-US');
    const rateFormat = new Intl.NumberFormat('en-US', {maximumFractionDigits: 1});

    function cell(row, text, className) {
        const td = row.insertCell();
        td.textContent = text;
        if (className) td.className = className;
        return td;
    }

    function rate(now, before, seconds) {
        if (before === undefined || seconds <= 0 || now < before) return '';
        return rateFormat.format((now - before) / seconds);
    }

    // "StealOperations" -> "steal operations"
    function words(key) {
        return key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    }

    function previousOf(list, matches) {
        return previous ? previous[list].find(matches) : undefined;
    }

    function budgetControl(dispatcher) {
        const td = document.createElement('td');
        const input = document.createElement('input');
        input.type = 'text';
        input.className = 'budget-input';
        input.value = dispatcher.budget;
        input.setAttribute('aria-label', 'throughput budget of ' + dispatcher.system + '/' + dispatcher.id);
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'budget-set';
        button.textContent = 'Set';
        const message = document.createElement('span');
        message.className = 'budget-message';
        const send = () => setBudget(dispatcher, input, message);
        button.addEventListener('click', send);
        input.addEventListener('keydown', event => { if (event.key === 'Enter') send(); });
        td.append(input, button, message);
        return td;
    }

    function setBudget(dispatcher, input, message) {
        const body = new URLSearchParams({system: dispatcher.system, dispatcher: dispatcher.id, budget: input.value});
        fetch(root + '/budget', {method: 'POST', body: body, headers: {'X-Requested-With': 'XMLHttpRequest'}})
            .then(response => {
                const json = (response.headers.get('Content-Type') || '').startsWith('application/json');
                return json ? response.json().then(result => ({ok: response.ok, result: result}))
                    : {ok: false, result: {error: 'not set: HTTP ' + response.status}};
            })
            .then(({ok, result}) => {
                message.classList.toggle('refused', !ok);
                message.textContent = ok ? 'set to ' + result.budget : result.error;
                if (ok) input.value = result.budget;
            })
            .catch(error => {
                message.classList.add('refused');
                message.textContent = 'not sent: ' + error;
            })
            .finally(() => { delete input.dataset.editing; });
    }

    function renderDispatchers(snapshot, seconds) {
        const body = document.querySelector('#rota-dispatchers tbody');
        const seen = new Set();
        for (const d of snapshot.dispatchers) {
            const key = d.system + '/' + d.id;
            seen.add(key);
            let row = dispatcherRows.get(key);
            if (!row) {
                row = body.insertRow();
                row.dataset.dispatcher = key;
                for (let i = 0; i < 9; i++) row.insertCell();
                const control = budgetControl(d);
                row.append(control);
                const input = control.querySelector('input');
                input.addEventListener('input', () => { input.dataset.editing = 'true'; });
                dispatcherRows.set(key, row);
            }
            const before = previousOf('dispatchers', p => p.system === d.system && p.id === d.id);
            const values = [d.system, d.id, d.kind, number.format(d.workers), number.format(d.parked),
                number.format(d.globalQueue), d.workerQueues.join(' '),
                rate(d.counters.Turns, before && before.counters.Turns, seconds),
                rate(d.counters.Messages, before && before.counters.Messages, seconds)];
            values.forEach((text, i) => {
                row.cells[i].textContent = text;
                row.cells[i].className = i >= 3 ? 'number' : '';
            });
            const input = row.querySelector('.budget-input');
            // A change made elsewhere (JMX, a .cfg) shows too, but never over what the operator is typing.
            if (!input.dataset.editing && document.activeElement !== input) input.value = d.budget;
        }
        for (const [key, row] of dispatcherRows) {
            if (!seen.has(key)) {
                row.remove();
                dispatcherRows.delete(key);
            }
        }
    }

    function renderRates(snapshot, seconds) {
        const table = document.getElementById('rota-rates');
        const keys = [...new Set(snapshot.dispatchers.flatMap(d => Object.keys(d.counters)))]
            .filter(key => key !== 'Turns' && key !== 'Messages');
        if (table.dataset.keys !== keys.join()) { // the header only when the counters change
            table.dataset.keys = keys.join();
            table.tHead.innerHTML = '';
            const header = table.tHead.insertRow();
            // Styled as the WebConsole styled the page's own headers when it loaded.
            const style = document.querySelector('#rota-dispatchers thead th').className;
            ['System', 'Dispatcher'].concat(keys.map(words)).forEach(text => {
                const th = document.createElement('th');
                th.className = style;
                th.textContent = text;
                header.append(th);
            });
        }
        const body = table.tBodies[0];
        body.innerHTML = '';
        for (const d of snapshot.dispatchers) {
            const before = previousOf('dispatchers', p => p.system === d.system && p.id === d.id);
            const row = body.insertRow();
            cell(row, d.system);
            cell(row, d.id);
            keys.forEach(key => cell(row, rate(d.counters[key], before && before.counters[key], seconds), 'number'));
        }
    }

    function renderMailboxes(snapshot) {
        const body = document.querySelector('#rota-mailboxes tbody');
        body.innerHTML = '';
        for (const system of snapshot.systems) {
            for (const entry of system.largestMailboxes) {
                const space = entry.indexOf(' '); // "<depth> <path>"
                const row = body.insertRow();
                cell(row, system.name);
                cell(row, number.format(Number(entry.substring(0, space))), 'number');
                cell(row, entry.substring(space + 1));
            }
        }
    }

    function renderPools(snapshot, seconds) {
        const body = document.querySelector('#rota-pools tbody');
        body.innerHTML = '';
        if (snapshot.pools.length === 0) {
            const td = cell(body.insertRow(), 'Off: envelopes are allocated per message (io.github.rota.pool, enabled = false).');
            td.colSpan = 8;
        }
        for (const pool of snapshot.pools) {
            const before = previousOf('pools', p => p.system === pool.system);
            const acquires = pool.hits + pool.misses;
            const row = body.insertRow();
            cell(row, pool.system);
            [number.format(pool.shards), number.format(pool.capacity), number.format(pool.size),
                rate(pool.hits, before && before.hits, seconds), rate(pool.misses, before && before.misses, seconds),
                rate(pool.drops, before && before.drops, seconds),
                acquires === 0 ? '' : (100 * pool.hits / acquires).toFixed(1) + ' %']
                .forEach(text => cell(row, text, 'number'));
        }
    }

    function renderStatus(snapshot) {
        status.textContent = '';
        if (snapshot.systems.length === 0) {
            status.textContent = 'No actor system is running.';
            return;
        }
        snapshot.systems.forEach((system, i) => {
            if (i > 0) status.append(' · ');
            const health = document.createElement('span');
            health.className = 'health-' + system.health;
            health.textContent = system.health;
            status.append('Actor system ' + system.name + ': ', health,
                ' (' + system.healthReason + '), ' + number.format(system.liveActors) + ' live actors, '
                + number.format(system.deadLetters) + ' dead letters');
        });
    }

    function render(snapshot) {
        const seconds = previous ? (snapshot.time - previous.time) / 1000 : 0;
        renderStatus(snapshot);
        renderDispatchers(snapshot, seconds);
        renderRates(snapshot, seconds);
        renderMailboxes(snapshot);
        renderPools(snapshot, seconds);
        previous = snapshot;
    }

    function poll() {
        fetch(root + '/data.json', {cache: 'no-store'})
            .then(response => {
                if (!response.ok) throw new Error('HTTP ' + response.status);
                return response.json();
            })
            .then(render)
            .catch(error => { status.textContent = 'Cannot read Rota\u2019s MBeans: ' + error.message; })
            .finally(() => setTimeout(poll, 1000));
    }
    poll();
})();
