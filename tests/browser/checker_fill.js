// The score checker's form filled as a player fills it, control by control (tests/browser/test_checker_form.py):
// the game, the players, then every value of the record through the control the form shows for it (a
// choice picked from its list, a number typed, "nothing" tapped for an empty list). Never the text view.
// Returns the paths it found no control for.
async (record) => {
  const root = document.querySelector(".referee-checker");
  const fire = (node, type) => node.dispatchEvent(new Event(type, { bubbles: true }));
  const form = () => root.querySelector(".checker-form");
  const q = (path) => form().querySelector(`[data-path="${CSS.escape(path)}"]:is(input, select, textarea, [role=radiogroup])`);
  const pathText = (parts) => parts.reduce((out, p) => (typeof p === "number" ? `${out}[${p}]` : out ? `${out}.${p}` : String(p)), "");
  const missing = [];
  const choose = (control, value) => { // the option that stands for this value, as a player picks it by its label
    const values = JSON.parse(control.dataset.values || "[]");
    const at = values.findIndex((v) => v === value || String(v).toLowerCase() === String(value).toLowerCase());
    if (at < 0) { missing.push(`${control.dataset.path}=${value}`); return; }
    if (control.getAttribute("role") === "radiogroup") { // buttons side by side: tap the one that stands for it
      const button = control.querySelectorAll("[role=radio]")[at];
      if (button.getAttribute("aria-checked") !== "true") button.click();
      return;
    }
    control.value = String(at);
    fire(control, "change");
  };
  const game = q("game");
  game.value = record.game;
  fire(game, "change");
  const boxes = () => form().querySelectorAll('input[data-path^="players["]');
  while (boxes().length > record.players.length) form().querySelector(".checker-player:last-of-type button").click();
  while (boxes().length < record.players.length) form().querySelector("[data-action=add-player]").click();
  record.players.forEach((name, i) => { const box = q(`players[${i}]`); box.value = String(name); fire(box, "change"); });
  if (record.teams) {
    Object.entries(record.teams).forEach(([side, members], j) => {
      const names = form().querySelectorAll("input.checker-side");
      names[j].value = side;
      fire(names[j], "change");
      members.forEach((m, i) => choose(q(`teams.${side}[${i}]`), m));
    });
  }
  const deals = record.deals || [];
  while (form().querySelectorAll("fieldset.checker-deal").length < deals.length) form().querySelector("[data-action=add-deal]").click();
  const leaves = [];
  const walk = (value, parts) => {
    if (value === null || value === undefined) return;
    const here = parts.length ? q(pathText(parts)) : null;
    if (Array.isArray(value) || typeof value !== "object") { leaves.push([parts, value, here]); return; }
    for (const [k, v] of Object.entries(value)) walk(v, [...parts, k]);
  };
  // The notation first, as a player sets it before the cards it writes (the record may name it last).
  const keys = Object.keys(record).sort((a, b) => (b === "notation") - (a === "notation"));
  for (const [k, v] of keys.map((key) => [key, record[key]])) if (!["game", "players", "teams", "expected"].includes(k)) {
    if (k === "deals") deals.forEach((d, i) => walk(d, ["deals", i]));
    else walk(v, [k]);
  }
  for (const [parts] of leaves) if (parts[parts.length - 1] === "dealer") leaves.unshift(leaves.splice(leaves.findIndex((l) => l[0] === parts), 1)[0]);
  const turns = (path, lines) => { // Construction's race: turn by turn with the pickers, as a player enters it
    const box = form().querySelector(`[data-path="${CSS.escape(path)}"][data-kind=moves]`);
    lines.forEach((line, k) => {
      box.querySelector("[data-action=add-turn]").click();
      const turn = `${path}[${k}]`;
      const [card, use, ...rest] = String(line).split(/\s+/);
      choose(q(`${turn}.rank`), card.slice(0, -1));
      choose(q(`${turn}.suit`), card.slice(-1));
      choose(q(`${turn}.use`), use);
      if (use === "small") choose(q(`${turn}.token`), Number(rest.shift()));
      rest.forEach((place, i) => {
        const where = `${turn}.places[${i}]`;
        if (!q(`${where}.column`)) form().querySelector(`[data-path="${CSS.escape(turn)}"] [data-action=add-place]`).click();
        const [column, row] = place.replace(/^H/, "").split(":");
        for (const [part, text] of [["column", column], ["row", row]]) { const one = q(`${where}.${part}`); one.value = text; fire(one, "input"); }
        if (place.startsWith("H")) q(`${where}.across`).click();
      });
      const written = form().querySelector(`[data-path="${CSS.escape(turn)}"]`).dataset.line;
      if (written !== line) missing.push(`${turn}=${line} (${written})`);
    });
  };
  for (const [parts, value] of leaves) {
    const path = pathText(parts);
    if (form().querySelector(`[data-path="${CSS.escape(path)}"][data-kind=moves]`)) { turns(path, value); continue; }
    const control = q(path);
    if (!control) {
      if ((Array.isArray(value) && value.every((v) => typeof v !== "object")) || q(`${path}[0]`)) { // one select a place
        (Array.isArray(value) ? value : [value]).forEach((v, i) => { const one = q(`${path}[${i}]`); if (one) choose(one, v); else missing.push(`${path}[${i}]`); });
        continue;
      }
      missing.push(path);
      continue;
    }
    if (control.tagName === "SELECT" || control.getAttribute("role") === "radiogroup") choose(control, value);
    else if (Array.isArray(value) && value.length === 0) control.parentElement.querySelector("[data-action=none]").click();
    else {
      const notation = record.notation || "en";
      control.value = Array.isArray(value) ? (control.tagName === "TEXTAREA" ? value.join("\n") : value.map(String).join(notation === "de" ? ", " : " "))
        : control.classList.contains("checker-money") ? String(value / 100) : String(value); // money in roubles
      fire(control, "input");
    }
  }
  return missing;
}
