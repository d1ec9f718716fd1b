// Checks FaultSim's Mermaid output with Mermaid itself (the real parser, not
// FaultSim's validator): Mermaid's bundle from the `mermaidx` wheel on PyPI,
// run under node with that wheel's DOM shim.
//
//   node mermaid-check.js <assets> samples <samples.json>
//     For each sample: "draws" = Mermaid parses it and draws exactly the
//     participants and messages listed; "misdraws" = it parses but draws
//     something else; "fails" = it does not parse.
//   node mermaid-check.js <assets> trace <diagram.mmd> <trace.jsonl>
//     The diagram parses, and Mermaid draws one participant per actor and,
//     in order, one arrow, crossed arrow or note per JSON Lines entry with
//     the entry's text: "<time> <event> <details>", lost messages with
//     " (lost; meant for <peer>)".
'use strict';
const fs = require('fs');
const vm = require('vm');

const [assets, mode, ...files] = process.argv.slice(2);
const context = { __log: () => {} };
context.globalThis = context;
vm.createContext(context);
vm.runInContext(fs.readFileSync(assets + '/dom_shim.js', 'utf8'), context);
vm.runInContext(fs.readFileSync(assets + '/mermaid.js', 'utf8'), context);
vm.runInContext(
  'globalThis.mermaid = globalThis.__esbuild_esm_mermaid_nm.mermaid.default || globalThis.__esbuild_esm_mermaid_nm.mermaid;' +
    'mermaid.initialize({ startOnLoad: false, maxTextSize: 1e9, maxEdges: 1e9 });',
  context
);

// Mermaid's decodeEntities, then the character references the SVG reader resolves.
function drawn(text) {
  const named = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
  return String(text)
    .replace(/ﬂ°°/g, '&#').replace(/ﬂ°/g, '&').replace(/¶ß/g, ';')
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&(lt|gt|amp|quot|apos);/g, (_, n) => named[n]);
}
const kinds = { 0: '->>', 3: '-x', 2: 'note' };

async function parse(text) {
  context.__text = text;
  context.__result = undefined;
  await vm.runInContext(
    `mermaid.mermaidAPI.getDiagramFromText(__text).then(d => { __result = {
       participants: [...d.db.getActors().entries()].map(([id, a]) => [id, a.description]),
       messages: d.db.getMessages().map(m => [m.from, m.to, m.type, m.message]) }; },
     e => { __result = { error: String((e && e.message) || e).split('\\n')[0] }; })`,
    context
  );
  const result = context.__result;
  if (result.error) return result;
  return {
    participants: result.participants.map(([id, label]) => [id, drawn(label)]),
    messages: result.messages.map(([from, to, type, text]) => [from, to, kinds[type] || 'type ' + type, drawn(text)]),
  };
}

let failures = 0;
function fail(message) {
  failures += 1;
  console.log('FAIL ' + message);
}

async function samples(path) {
  const list = JSON.parse(fs.readFileSync(path, 'utf8'));
  for (const sample of list) {
    const result = await parse(sample.diagram);
    const same =
      !result.error &&
      JSON.stringify(result.participants) === JSON.stringify(sample.participants) &&
      JSON.stringify(result.messages) === JSON.stringify(sample.messages);
    const verdict = result.error ? 'fails' : same ? 'draws' : 'misdraws';
    if (verdict !== sample.mermaid) {
      fail(`${sample.name}: expected Mermaid to say "${sample.mermaid}", it ${verdict}: ` +
        (result.error || JSON.stringify(result)));
    } else {
      console.log(`ok   ${sample.name}: ${verdict}`);
    }
  }
  console.log(`${list.length - failures} of ${list.length} samples as expected`);
}

async function trace(diagramPath, tracePath) {
  const entries = fs.readFileSync(tracePath, 'utf8').split('\n').filter((l) => l).map((l) => JSON.parse(l));
  const result = await parse(fs.readFileSync(diagramPath, 'utf8'));
  if (result.error) return fail(`${diagramPath}: Mermaid does not parse it: ${result.error}`);
  const labels = new Map(result.participants);
  const actors = new Set();
  // The engine's actor (race choices are its lines) is labelled "race choices".
  const label = (actor) => (actor === 'engine' ? 'race choices' : actor);
  const expected = entries.map((e) => {
    const text = `${e.time} ${e.event}${e.details ? ' ' + e.details : ''}`;
    const actor = label(e.kind === 'race' ? 'engine' : e.actor);
    actors.add(actor);
    if (e.kind === 'message') { actors.add(label(e.peer)); return [actor, label(e.peer), '->>', text]; }
    if (e.kind === 'lost') { actors.add('network'); return [actor, 'network', '-x', `${text} (lost; meant for ${e.peer})`]; }
    return [actor, actor, 'note', text];
  });
  const drawnMessages = result.messages.map(([from, to, kind, text]) => [labels.get(from), labels.get(to), kind, text]);
  const drawnLabels = result.participants.map(([, label]) => label);
  if (new Set(drawnLabels).size !== drawnLabels.length) fail(`${diagramPath}: two participants share a label`);
  if (JSON.stringify([...drawnLabels].sort()) !== JSON.stringify([...actors].sort())) {
    fail(`${diagramPath}: participants ${JSON.stringify(drawnLabels)} are not the actors ${JSON.stringify([...actors])}`);
  }
  if (drawnMessages.length !== expected.length) {
    return fail(`${diagramPath}: ${drawnMessages.length} statements drawn for ${expected.length} entries`);
  }
  for (let i = 0; i < expected.length; i++) {
    if (JSON.stringify(drawnMessages[i]) !== JSON.stringify(expected[i])) {
      return fail(`${diagramPath}: entry ${i + 1}: drawn ${JSON.stringify(drawnMessages[i])}, meant ${JSON.stringify(expected[i])}`);
    }
  }
  console.log(`ok   ${diagramPath}: ${result.participants.length} participants, ${expected.length} statements`);
}

(async () => {
  if (mode === 'samples') await samples(files[0]);
  else if (mode === 'trace') await trace(files[0], files[1]);
  else throw new Error('usage: node mermaid-check.js <assets> samples|trace …');
  process.exit(failures === 0 ? 0 : 1);
})().catch((error) => { console.log('FAIL ' + error); process.exit(1); });
