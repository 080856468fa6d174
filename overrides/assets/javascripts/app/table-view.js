/**
 * The practice table's view: the game, how many play and the deal's number, the seats, the table
 * (the trick, the piles, the layout, Construction's track), the duty that applies now, the reader's
 * hand and moves, a refusal with the rule it breaks, the moves so far (each computer move with its
 * "why?"), and at the end the verdict, the scores and the record.
 *
 * Keyboard: the hand is one tab stop; the arrow keys move along it, Enter or Space plays the card (or
 * chooses it, in a game where a card goes somewhere: then the targets are buttons). Every card has its
 * spoken name in the page's language; whose turn it is and what the others played is announced.
 *
 * Moves that are not a card of the hand are buttons, by kind where the referee names one: a kind with
 * a few moves is a labelled row of buttons, a kind with many is one list and a button to make the move
 * chosen (Construction's turned card may be built on a hundred places and more: one control, not a
 * hundred tab stops, and the page draws a list instead of a hundred buttons).
 */
import { html, useEffect, useMemo, useRef, useState } from "./lib.js";
import { minus } from "./strings.js";

/** The status line: loading, failed, or whose turn it is. */
function Status({ state, t }) {
  const snap = state.snap;
  let text = t("loading");
  if (state.status === "failed") text = t("failed", { error: state.error });
  else if (snap && snap.over) text = t("over");
  else if (snap) text = snap.to_move === snap.reader ? t("your_turn") : t("turn_of", { player: snap.players[snap.to_move] });
  else if (state.status === "choose") text = "";
  return html`<p class="table-status">${text}</p>`;
}

/** What the others did since the reader's last move, and whose turn it is: said by screen readers. */
function Announce({ snap, t }) {
  const [text, setText] = useState("");
  const seen = useRef(0);
  useEffect(() => {
    if (!snap) return;
    const fresh = snap.log.slice(seen.current).filter((e) => e.seat !== snap.reader);
    seen.current = snap.log.length;
    const said = fresh.slice(-6).map((e) => `${e.player}: ${e.text}.`);
    said.push(snap.over ? t("over") : snap.to_move === snap.reader ? t("your_turn") : "");
    setText(said.join(" "));
  }, [snap]);
  return html`<div class="table-announce table-sr" role="status" aria-live="polite">${text}</div>`;
}

function Chooser({ state, t, games, seats, actions }) {
  const current = state.chosenGame || (state.snap && state.snap.game) || Object.keys(games)[0];
  const { counts, usual } = seats[current];
  // How many at the table: as chosen, else as at the deal on the table (same game), else the usual number.
  const onTable = state.snap && state.snap.game === current ? state.snap.players.length : usual;
  const players = state.chosenPlayers || onTable;
  return html`<div class="table-choose">
    <label>${t("choose")} <select class="table-game" value=${current}
      onChange=${(e) => actions.choose(e.currentTarget.value)}>
      ${Object.entries(games).map(([slug, name]) => html`<option value=${slug} key=${slug}>${name}</option>`)}
    </select></label>
    ${counts.length > 1 && html`<label>${t("players")} <select class="table-players" value=${String(players)}
      onChange=${(e) => actions.players(Number(e.currentTarget.value))}>
      ${counts.map((n) => html`<option value=${String(n)} key=${n}>${n}</option>`)}
    </select></label>`}
    <button type="button" class="md-button table-deal" disabled=${state.status === "loading"}
      onClick=${() => actions.deal(current, players)}>${state.snap ? t("again") : t("deal")}</button>
    ${state.snap && html`<span class="table-seed">${t("seed", { seed: state.snap.seed })}</span>`}
  </div>`;
}

function CardFace({ card }) {
  return html`<span class=${card.red ? "table-face red" : "table-face"} aria-hidden="true">${card.text}</span>`;
}

function Seats({ snap, t }) {
  return html`<ul class="table-seats">
    ${snap.view.seats.map((seat, i) => html`<li key=${i} class=${[
      "table-seat", seat.you ? "you" : "", snap.to_move === i && !snap.over ? "to-move" : "",
    ].join(" ")}>
      <strong>${seat.name}</strong>${seat.you ? html` (${t("you")})` : ""}
      ${!seat.you && seat.cards ? html` · ${t("cards", { n: seat.cards })}` : ""}
      ${seat.notes.map((n, k) => html`<span key=${k} class="table-note"> · ${n}</span>`)}
    </li>`)}
  </ul>`;
}

function Zones({ snap, t, selected, onTarget, marks }) {
  const targetOk = (id) => snap.choices.some((c) => c.target === id && (selected ? c.card === selected : !c.card));
  const button = (id, label, content, key) => html`<button type="button" key=${key}
      class=${marks && targetOk(id) ? "table-target playable" : "table-target"} data-target=${id}
      aria-label=${label} onClick=${() => onTarget(id)}>${content}</button>`;
  return html`<div class="table-zones" role="group" aria-label=${t("table")}>
    ${snap.view.zones.map((zone) => html`<div key=${zone.id} class="table-zone" data-zone=${zone.id}>
      <span class="table-zone-label">${zone.label}</span>
      <span class="table-zone-cards">
        ${zone.cards.length === 0 && !zone.target ? html`<span class="table-empty">${t("empty")}</span>` : ""}
        ${zone.cards.map((card, k) => card.target
          ? button(card.target, `${card.text}, ${card.name}`, html`<${CardFace} card=${card} />`, k)
          : html`<span key=${k} class="table-card-shown" role="img" aria-label=${card.by ? `${card.by}: ${card.name}` : card.name}>
              ${card.by && html`<span class="table-by" aria-hidden="true">${card.by}</span>`}<${CardFace} card=${card} /></span>`)}
        ${zone.target && button(zone.target, `${zone.label}${zone.cards.length ? "" : `: ${t("empty")}`}`, html`<span aria-hidden="true">⇢</span>`, "t")}
      </span>
    </div>`)}
    ${snap.view.picture && html`<div class="table-picture" dangerouslySetInnerHTML=${{ __html: snap.view.picture }}></div>`}
  </div>`;
}

/** The reader's hand: one tab stop, arrows to move, Enter to play (or choose) the card. */
function Hand({ snap, t, marks, selected, onCard }) {
  const [focus, setFocus] = useState(0);
  const refs = useRef([]);
  const hand = snap.view.hand;
  const playable = new Set(snap.choices.filter((c) => c.card).map((c) => c.card));
  const at = Math.min(focus, Math.max(0, hand.length - 1));
  const onKey = (e) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = (at + step + hand.length) % hand.length;
    setFocus(next);
    refs.current[next]?.focus();
  };
  return html`<div class="table-hand" role="toolbar" aria-label=${t("hand")} onKeyDown=${onKey}>
    ${hand.map((card, i) => {
      const mark = marks && playable.has(card.id);
      return html`<button type="button" key=${card.id} ref=${(el) => { refs.current[i] = el; }}
        class=${["table-card", mark ? "playable" : "", selected === card.id ? "selected" : ""].join(" ")}
        data-card=${card.id} tabindex=${i === at ? 0 : -1} aria-pressed=${selected === card.id ? "true" : undefined}
        aria-label=${mark ? `${card.text}, ${card.name}, ${t("playable")}` : `${card.text}, ${card.name}`}
        onFocus=${() => setFocus(i)} onClick=${() => onCard(card.id)}><${CardFace} card=${card} /></button>`;
    })}
  </div>`;
}

/** More moves of one kind than this are a list to choose from, not a button each. */
const LISTED = 4;

/**
 * The moves that are buttons (no card of the hand, no target), by their group where the referee names
 * one (Construction: a build on each place of the track, each token's paths), in the referee's order.
 * @returns {{label: string|null, moves: object[]}[]}
 */
export function groupMoves(choices) {
  const groups = new Map();
  let alone = 0;
  for (const c of choices) {
    if (c.card || c.target) continue;
    const key = c.group ?? `\u0000${alone++}`; // a move with no group is its own
    if (!groups.has(key)) groups.set(key, { label: c.group ?? null, moves: [] });
    groups.get(key).moves.push(c);
  }
  return [...groups.values()];
}

/**
 * A group of many moves: its name, the list of its moves (one control, however many: Construction's
 * card may be built on a hundred places and more) and the button that makes the move chosen. The list
 * is made anew each turn (its key), so it starts at the group's first move.
 */
function MoveList({ group, turn, t, marks, actions }) {
  const list = useRef(null);
  const id = `table-group-${turn}-${group.moves[0].token.replace(/[^A-Za-z0-9]/g, "_")}`;
  return html`<div class="table-move-group" role="group" aria-labelledby=${id}>
    <label id=${id} for=${`${id}-list`} class="table-group-label">${group.label}</label>
    <select id=${`${id}-list`} class="table-move-list" ref=${list}>
      ${group.moves.map((c) => html`<option key=${c.token} value=${c.token}>${c.place ?? c.text}</option>`)}
    </select>
    <button type="button" class=${marks ? "md-button table-move-chosen playable" : "md-button table-move-chosen"}
      onClick=${() => actions.move(list.current.value)}>${t("make")}</button>
  </div>`;
}

function Moves({ snap, t, marks, actions, selected, setSelected }) {
  const groups = groupMoves(snap.choices);
  const turn = snap.chosen.length;
  const card = selected && snap.view.hand.find((c) => c.id === selected);
  const button = (c) => html`<button type="button" key=${c.token} class=${marks ? "md-button table-move playable" : "md-button table-move"}
    data-token=${c.token} onClick=${() => actions.move(c.token)}>${c.place ?? c.text}</button>`;
  return html`<div class="table-moves">
    ${groups.length > 0 && html`<div role="group" aria-label=${t("moves")} class="table-buttons">
      ${groups.map((g) => g.moves.length > LISTED
        ? html`<${MoveList} key=${`${turn}:${g.label}`} group=${g} turn=${turn} t=${t} marks=${marks} actions=${actions} />`
        : g.label
          ? html`<div key=${`${turn}:${g.label}`} class="table-move-group" role="group" aria-label=${g.label}>
              <span class="table-group-label" aria-hidden="true">${g.label}</span>${g.moves.map(button)}</div>`
          : g.moves.map(button))}
    </div>`}
    ${snap.tries.length > 0 && html`<details class="table-tries"><summary>${t("try")}</summary>
      ${snap.tries.map((c) => html`<button type="button" key=${c.token} class="md-button table-try" data-token=${c.token}
        onClick=${() => actions.move(c.token)}>${c.text}</button>`)}</details>`}
    ${card && html`<p class="table-selected">${t("selected", { card: card.text })}
      ${snap.alone && html` <button type="button" class="md-button table-alone" onClick=${() => { setSelected(null); actions.move(card.id); }}>${t("alone", { card: card.text })}</button>`}
      <button type="button" class="md-button table-cancel" onClick=${() => setSelected(null)}>${t("cancel")}</button></p>`}
    <button type="button" class="md-button table-hint" onClick=${() => { setSelected(null); actions.move(snap.hint); }}>${t("hint")}</button>
  </div>`;
}

function Refusal({ refusal, t }) {
  if (!refusal) return null;
  return html`<div class="table-refusal admonition warning" role="alert">
    <p class="admonition-title">${t("refused")}</p>
    <p><span class="table-refusal-text">${refusal.text}</span> (<a class="table-rule" href=${refusal.href}>${refusal.rule || t("rule")}</a>)</p>
  </div>`;
}

function Log({ snap, t }) {
  if (!snap.log.length) return null;
  return html`<details class="table-log"><summary>${t("log")}</summary><ol>
    ${snap.log.map((e, i) => html`<li key=${i} class=${e.seat === snap.reader ? "mine" : ""}>
      <span>${e.player}: ${e.text}</span>
      ${e.seat !== snap.reader && e.why.length > 0 && html` <details class="table-why"><summary>${t("why")}</summary>
        <ul>${e.why.map((w, k) => html`<li key=${k}>${w}</li>`)}</ul></details>`}
    </li>`)}
  </ol></details>`;
}

function Verdict({ snap, state, t }) {
  const verdict = snap.verdict;
  const result = verdict.result || {};
  const deal = (result.deals || [])[0] || {};
  const names = verdict.explain.order.length ? verdict.explain.order : Object.keys(result.totals || {});
  const url = useMemo(() => URL.createObjectURL(new Blob([snap.record], { type: "text/yaml" })), [snap.record]);
  return html`<section class="table-verdict" aria-labelledby="table-verdict-title">
    <h2 id="table-verdict-title">${t("over")}</h2>
    <ul class="table-sentences">${verdict.explain.sentences.map((s, k) => html`<li key=${k}>${s.text}
      ${s.href && html` (<a href=${s.href}>${t("rule")}</a>)`}</li>`)}</ul>
    ${deal.scores && html`<table class="table-scores"><thead><tr><td></td>${names.map((n) => html`<th key=${n} scope="col">${n}</th>`)}</tr></thead>
      <tbody><tr><th scope="row">${t("score")}</th>${names.map((n) => html`<td key=${n}>${minus(deal.scores[n])}</td>`)}</tr>
      ${result.totals && html`<tr><th scope="row">${t("total")}</th>${names.map((n) => html`<td key=${n}>${minus(result.totals[n])}</td>`)}</tr>`}</tbody></table>`}
    ${verdict.explain.termination && html`<p class="table-termination">${verdict.explain.termination}</p>`}
    <p><a class="md-button table-download" href=${url} download=${`${snap.game}-${snap.seed}.yaml`}>${t("download")}</a>
      ${state.checkerLink && html` <a class="md-button table-checker" href=${state.checkerLink}>${t("open")}</a>`}</p>
  </section>`;
}

export function TableView({ state, t, games, seats, actions }) {
  const [selected, setSelected] = useState(null);
  const snap = state.snap;
  useEffect(() => setSelected(null), [snap]);
  const targets = snap && !snap.over && snap.view.zones.some((z) => z.target || z.cards.some((c) => c.target));
  const onCard = (id) => {
    if (!targets) actions.move(id);
    else setSelected(selected === id ? null : id);
  };
  const onTarget = (id) => {
    if (selected) actions.move(`${selected}>${id}`);
    else actions.move(`@${id}`);
  };
  // "scoring": the last move is shown and the verdict is being made (the record checked as the checker does).
  const phase = state.status !== "ready" ? state.status : state.busy ? "busy"
    : snap && snap.over ? (snap.verdict ? "over" : "scoring") : "ready";
  return html`<div class=${state.busy ? "table-app busy" : "table-app"} aria-busy=${state.busy ? "true" : "false"}
    data-state=${phase} data-chosen=${snap ? snap.chosen.length : 0} data-refused=${state.refusal ? state.refusal.code : ""}>
    <${Chooser} state=${state} t=${t} games=${games} seats=${seats} actions=${actions} />
    <${Status} state=${state} t=${t} />
    <${Announce} snap=${snap} t=${t} />
    ${snap && html`
      <${Seats} snap=${snap} t=${t} />
      ${snap.view.facts.length > 0 && html`<dl class="table-facts">${snap.view.facts.map((f, k) => html`<div key=${k}><dt>${f.label}</dt><dd>${f.value}</dd></div>`)}</dl>`}
      <${Zones} snap=${snap} t=${t} selected=${selected} onTarget=${onTarget} marks=${state.marks} />
      ${!snap.over && snap.to_move === snap.reader && html`<div class="table-duty">
        ${snap.duty.map((d, k) => html`<p key=${k} class="table-duty-line">${d}</p>`)}
        ${snap.duty_rule && html`<p class="table-duty-rule"><a class="table-rule" href=${snap.duty_rule.href}>${t("rule")} ${snap.duty_rule.rule}</a></p>`}</div>`}
      <${Refusal} refusal=${state.refusal} t=${t} />
      ${snap.view.hand.length > 0 && html`<${Hand} snap=${snap} t=${t} marks=${state.marks && !snap.over} selected=${selected} onCard=${onCard} />`}
      ${!snap.over && html`<${Moves} snap=${snap} t=${t} marks=${state.marks} actions=${actions} selected=${selected} setSelected=${setSelected} />`}
      <label class="table-marks-setting"><input type="checkbox" class="table-marks" checked=${state.marks}
        onChange=${(e) => actions.marks(e.currentTarget.checked)} /> ${t("marks")}</label>
      ${snap.over && (snap.verdict ? html`<${Verdict} snap=${snap} state=${state} t=${t} />`
        : html`<p class="table-scoring" role="status">${t("scoring")}</p>`)}
      <${Log} snap=${snap} t=${t} />`}
  </div>`;
}
