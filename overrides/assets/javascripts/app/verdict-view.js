/**
 * The verdict view: the referee's answer in the page's language. One sentence per disputed score or
 * broken rule (who wrote what, what the rules give, why, and a link to the rule), the house rule
 * that would make the table right, the scores of every deal and the totals, why the game ended,
 * and how the referee counted (folded). A record that cannot be used gets its problems, each in the
 * players' words, with a button to the field (in the form) or to the line (in the text).
 *
 *   html`<${VerdictView} t=${t} answer=${answer} onShow=${(problem) => …} onNextDeal=${…} />`
 *
 * `answer`: {status, result, explain} from referee.present.web.check, or {note, kind} for the
 * page's own word (a damaged or too large link, a referee that could not start, "checking…").
 * No record path, record key, exit status or Python value is shown here.
 */
import { html } from "./lib.js";
import { minus } from "./strings.js";

const money = (game) => game === "buy-or-pass"; // amounts in kopecks: shown as roubles and kopecks

function amount(t, n, game) {
  if (typeof n !== "number") return String(n);
  if (!money(game)) return minus(n);
  const sign = n < 0 ? "\u2212" : "";
  const abs = Math.abs(n);
  return t("money", { amount: `${sign}${Math.floor(abs / 100)}${t("money.sep")}${String(abs % 100).padStart(2, "0")}` });
}

/** The problems of a record that cannot be used, each with the way to its field or line. */
export function Problems({ t, items, title, view, onShow }) {
  return html`<section class="checker-findings"><h3>${title}</h3><ul>
    ${items.map((item, i) => {
      const line = item.line ?? (item.where && item.where.line);
      const path = item.path ?? (item.where && item.where.path);
      const toField = view === "form" && path;
      return html`<li key=${i} class=${`checker-finding checker-${item.severity || "error"}`} data-code=${item.code || ""}>
        <span class="checker-message">${item.label ? `${item.label}: ` : ""}${item.message}</span>
        ${toField ? html` <button type="button" class="checker-place" data-path=${path} onClick=${() => onShow({ path })}>
          ${t("form.to_field")}</button>` : line ? html` <button type="button" class="checker-place" data-line=${String(line)}
          onClick=${() => onShow({ line })}>${t("line", { line })}</button>` : null}
      </li>`;
    })}</ul></section>`;
}

function Sentence({ t, s }) {
  return html`<li class=${`checker-sentence checker-sentence-${s.kind}`} data-player=${s.player ?? undefined}>
    <span>${s.text}</span> ${s.href ? html`<a class="checker-rule" href=${s.href} data-rule=${s.rule || undefined}>
      ${s.rule_title || s.rule || t("rule")}</a>` : null}</li>`;
}

function ScoreTable({ t, result, order }) {
  const game = result.game;
  return html`<div class="checker-scroll"><table class="checker-scores">
    <thead><tr><th>${t("table.deal")}</th>${order.map((n) => html`<th>${n}</th>`)}</tr></thead>
    <tbody>${result.deals.map((deal) => html`<tr data-deal=${String(deal.deal)}>
      <th scope="row">${t("form.deal", { n: deal.deal })}</th>
      ${order.map((n) => {
        const claimed = deal.claim && n in deal.claim && deal.claim_agrees === false && deal.claim_compared_with === undefined
          && deal.claim[n] !== deal.scores[n];
        return html`<td data-player=${n} data-label=${n} class=${claimed ? "checker-disagrees" : undefined}>
          <span class="checker-score" data-value=${String(deal.scores[n])}>${amount(t, deal.scores[n], game)}</span>
          ${deal.totals && n in deal.totals ? html`<small class="checker-running">${` \u2192 ${amount(t, deal.totals[n], game)}`}</small>` : null}
          ${claimed ? html`<small class="checker-claimed">${` (${t("table.claim", { value: amount(t, deal.claim[n], game) })})`}</small>` : null}
        </td>`;
      })}</tr>`)}</tbody>
    <tfoot><tr data-deal="total"><th scope="row">${t("table.total")}</th>
      ${order.map((n) => html`<td data-player=${n} data-label=${n} data-value=${String(result.totals[n])}>
        ${amount(t, result.totals[n], game)}</td>`)}</tr></tfoot>
  </table></div>`;
}

/** The answer area's contents. */
export function VerdictView({ t, answer, view, onShow, onNextDeal }) {
  if (!answer) return null;
  if (answer.note) {
    return html`<p class=${answer.kind === "working" ? "checker-working" : "checker-state checker-state-2"}
      data-link=${answer.link || undefined}>${answer.note}</p>`;
  }
  const { status, result, explain } = answer;
  if (status === 2) {
    return html`<div data-answer="2">
      <p class="checker-state checker-state-2" data-state="2"><strong>${t("state.2")}</strong></p>
      ${answer.unreadable ? html`<p>${t("text.unreadable")}</p>` : null}
      <${Problems} t=${t} items=${result.errors || []} title=${t("errors")} view=${view} onShow=${onShow} />
    </div>`;
  }
  const order = explain && explain.order && explain.order.length ? explain.order : Object.keys(result.totals || {});
  const said = (explain && explain.sentences) || [];
  const kinds = new Set(said.map((s) => s.kind));
  const headline = status === 0 ? t("state.0") : kinds.has("claim") && kinds.has("finding") ? t("state.1.both")
    : kinds.has("claim") ? t("state.1.claim") : t("state.1.rule");
  const houseRules = (explain && explain.house_rules) || [];
  return html`<div data-answer=${String(status)}>
    <p class=${`checker-state checker-state-${status}`} data-state=${String(status)}><strong>${headline}</strong></p>
    <ul class="checker-sentences">${said.map((s, i) => html`<${Sentence} key=${i} t=${t} s=${s} />`)}</ul>
    ${houseRules.length ? html`<section class="checker-house-rules"><h3>${t("house_rules")}</h3>
      <ul>${houseRules.map((s, i) => html`<${Sentence} key=${i} t=${t} s=${s} />`)}</ul></section>` : null}
    <${ScoreTable} t=${t} result=${result} order=${order} />
    ${onNextDeal ? html`<p class="checker-next"><button type="button" class="md-button md-button--primary"
      data-action="next-deal" onClick=${onNextDeal}>${t("form.next_deal")}</button></p>` : null}
    <p class="checker-help">${money(result.game) ? `${t("table.legend")} ${t("money.note")}` : t("table.legend")}</p>
    <p class="checker-winner" data-winner=${result.winner ?? ""}>
      <strong class="checker-termination">${(explain && explain.termination) || result.termination.message}</strong></p>
    ${result.findings.length ? html`<${Problems} t=${t} items=${result.findings} title=${t("findings")} view=${view} onShow=${onShow} />` : null}
    <details class="checker-steps"><summary>${t("steps_fold")}</summary>
      ${result.deals.map((deal) => html`<section><h4>${t("form.deal", { n: deal.deal })}</h4>
        <ol>${deal.explanation.map((line) => html`<li>${line}</li>`)}</ol></section>`)}
    </details>
  </div>`;
}
