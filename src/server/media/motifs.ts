// Food motifs for the generated merchant art: each draws one dish around (0, 0) within a radius of
// about 110 units, in flat illustration style. Randomness (from the merchant's seed) moves toppings
// around so two pizzerias do not get the same pizza.
import type { Rng } from '../seed/data/random.ts';

export type MotifName =
  | 'pizza'
  | 'pasta'
  | 'sushi'
  | 'ramen'
  | 'dumplings'
  | 'curryBowl'
  | 'pho'
  | 'grill'
  | 'curry'
  | 'taco'
  | 'wine'
  | 'paella'
  | 'mezze'
  | 'greekMezze'
  | 'falafel'
  | 'fish'
  | 'steak'
  | 'burger'
  | 'ribs'
  | 'salad'
  | 'coffee'
  | 'croissant';

const f = (n: number) => Number(n.toFixed(1));

export function leaf(x: number, y: number, length: number, angle: number, color: string, vein = 'rgba(255,255,255,0.35)'): string {
  const w = length * 0.36;
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"><path d="M0 0Q${f(length / 2)} ${f(-w)} ${f(length)} 0Q${f(length / 2)} ${f(w)} 0 0Z" fill="${color}"/><path d="M2 0H${f(length - 4)}" stroke="${vein}" stroke-width="1.5" stroke-linecap="round"/></g>`;
}

/** A point at a random angle and radius between rMin and rMax. */
function polar(rng: Rng, rMin: number, rMax: number): [number, number] {
  const a = rng.next() * Math.PI * 2;
  const r = rMin + rng.next() * (rMax - rMin);
  return [Math.cos(a) * r, Math.sin(a) * r];
}

/** Points spread over a disc without bunching (rejection sampling with a minimum gap). */
function spread(rng: Rng, count: number, rMax: number, gap: number, rMin = 0): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (let tries = 0; points.length < count && tries < count * 40; tries++) {
    const [x, y] = polar(rng, rMin, rMax);
    if (points.every(([px, py]) => Math.hypot(px - x, py - y) >= gap)) points.push([x, y]);
  }
  return points;
}

function plate(r = 100, rim = '#ffffff', well = '#f3f1ec'): string {
  return `<circle r="${r}" fill="${rim}"/><circle r="${f(r * 0.78)}" fill="${well}"/><circle r="${f(r * 0.78)}" fill="none" stroke="rgba(0,0,0,0.06)" stroke-width="3"/>`;
}

function chopsticks(x1: number, y1: number, x2: number, y2: number, color = '#8d5a3b'): string {
  return `<g stroke="${color}" stroke-linecap="round"><path d="M${x1} ${y1}L${x2} ${y2}" stroke-width="7"/><path d="M${x1 + 4} ${y1 + 14}L${x2 + 4} ${y2 + 12}" stroke-width="7"/></g>`;
}

const pizza = (rng: Rng) => {
  const pepperoni = spread(rng, 8, 62, 26, 8)
    .map(
      ([x, y]) =>
        `<circle cx="${f(x)}" cy="${f(y)}" r="12" fill="#a4243b"/><circle cx="${f(x - 3)}" cy="${f(y - 3)}" r="4" fill="#c8434f" opacity="0.7"/>`,
    )
    .join('');
  const cheese = spread(rng, 9, 60, 18)
    .map(([x, y]) => `<circle cx="${f(x)}" cy="${f(y)}" r="${rng.int(8, 15)}" fill="#f2c76e" opacity="0.8"/>`)
    .join('');
  const basil = spread(rng, 3, 55, 40, 20)
    .map(([x, y]) => leaf(x, y, 22, rng.int(0, 360), '#3a7d44'))
    .join('');
  const cut = rng.int(0, 45);
  const slices = [0, 45, 90, 135]
    .map((a) => `<path d="M-96 0H96" transform="rotate(${a + cut})" stroke="#e9c27a" stroke-width="2.5" opacity="0.7"/>`)
    .join('');
  return `<circle r="100" fill="#d9a15b"/><circle r="100" fill="none" stroke="#c48a45" stroke-width="4"/><circle r="86" fill="#c0392b"/><circle r="80" fill="#f7d98b"/>${cheese}${pepperoni}${basil}${slices}`;
};

const pasta = (rng: Rng) => {
  const noodles = Array.from({ length: 16 }, () => {
    const r = rng.int(12, 50);
    const a0 = rng.next() * Math.PI * 2;
    const a1 = a0 + 2 + rng.next() * 2.5;
    const cx = rng.int(-8, 8);
    const cy = rng.int(-8, 8);
    const p = (a: number) => `${f(cx + Math.cos(a) * r)} ${f(cy + Math.sin(a) * r)}`;
    return `<path d="M${p(a0)}A${r} ${r} 0 ${a1 - a0 > Math.PI ? 1 : 0} 1 ${p(a1)}" stroke="${rng.pick(['#edbb47', '#f6cf65', '#e8ae3a'])}" stroke-width="5.5" fill="none" stroke-linecap="round"/>`;
  }).join('');
  const parmesan = spread(rng, 10, 40, 8)
    .map(([x, y]) => `<rect x="${f(x)}" y="${f(y)}" width="4" height="3" fill="#fff8e1"/>`)
    .join('');
  return `${plate()}${noodles}<circle r="22" fill="#c0392b"/><circle cx="-8" cy="-6" r="9" fill="#d64b3c"/>${parmesan}${leaf(6, -8, 26, -35, '#2e7d32')}${leaf(4, -4, 20, 40, '#388e3c')}
  <g transform="translate(112 -10)" fill="#c9ccd1"><rect x="-3" y="-10" width="6" height="90" rx="3"/><rect x="-10" y="-48" width="20" height="40" rx="6"/><rect x="-10" y="-70" width="3" height="26"/><rect x="-3.5" y="-70" width="3" height="26"/><rect x="3" y="-70" width="3" height="26"/><rect x="7" y="-70" width="3" height="26"/></g>`;
};

const sushi = (rng: Rng) => {
  const fillings = ['#f08a5d', '#e85d75', '#f4a259'];
  const rolls = [-66, 0, 66]
    .map((x) => {
      const grains = spread(rng, 9, 20, 5, 12)
        .map(([gx, gy]) => `<ellipse cx="${f(x + gx)}" cy="${f(gy)}" rx="2.6" ry="1.6" fill="#e9e3d6"/>`)
        .join('');
      return `<circle cx="${x}" cy="0" r="31" fill="#1b1b1b"/><circle cx="${x}" cy="0" r="26" fill="#fffdf7"/>${grains}<circle cx="${x}" cy="0" r="11" fill="${rng.pick(fillings)}"/><circle cx="${x + 6}" cy="5" r="6" fill="#8bc34a"/>`;
    })
    .join('');
  const grain = [-40, -20, 0, 20, 40]
    .map((y) => `<path d="M-118 ${y}Q0 ${y + rng.int(-6, 6)} 118 ${y}" stroke="#b08850" stroke-width="1.5" fill="none" opacity="0.6"/>`)
    .join('');
  return `<rect x="-124" y="-56" width="248" height="112" rx="14" fill="#c8a165"/>${grain}${rolls}<path d="M84 34q10-12 22-4q-4 12-22 4z" fill="#9ccc65"/><path d="M-112 40q12-10 24 0q-12 8-24 0z" fill="#f6b0a8"/>${chopsticks(-110, 76, 112, 50)}`;
};

const ramen = (rng: Rng) => {
  const noodles = Array.from({ length: 7 }, (_, i) => {
    const y = 8 + i * 8;
    return `<path d="M-62 ${y}q15 -10 30 0t30 0t30 0t30 0" stroke="#f7e3a1" stroke-width="5" fill="none" stroke-linecap="round"/>`;
  }).join('');
  const scallions = spread(rng, 9, 70, 12, 30)
    .map(([x, y]) => `<circle cx="${f(x)}" cy="${f(y)}" r="4.5" fill="#c5e1a5" stroke="#7cb342" stroke-width="2"/>`)
    .join('');
  return `<circle r="104" fill="#1f1f1f"/><circle r="98" fill="none" stroke="#c0392b" stroke-width="4" stroke-dasharray="14 8"/><circle r="86" fill="#e9b872"/><circle r="86" fill="url(#broth)" opacity="0.5"/>
  ${noodles}<rect x="30" y="-78" width="30" height="56" rx="3" fill="#203a2b" transform="rotate(18)"/>
  <circle cx="-34" cy="-30" r="24" fill="#e8a598" stroke="#c0685b" stroke-width="4"/><path d="M-34 -30m-12 0a12 12 0 1 1 12 12" stroke="#c0685b" stroke-width="3" fill="none"/>
  <ellipse cx="20" cy="-22" rx="19" ry="16" fill="#fffdf7"/><circle cx="20" cy="-22" r="9" fill="#f29e1f"/>
  <circle cx="-52" cy="30" r="11" fill="#fff"/><path d="M-52 30m-6 0a6 6 0 1 1 6 6" stroke="#ec7e9b" stroke-width="2.5" fill="none"/>${scallions}${chopsticks(-120, -96, 120, -60, '#5d4037')}`;
};

const dumplings = (rng: Rng) => {
  const one = (x: number, y: number, tint: string) => {
    const pleats = [-14, -5, 4, 13]
      .map((dx) => `<path d="M${x + dx} ${y - 14}q2 8 0 14" stroke="rgba(0,0,0,0.1)" stroke-width="2" fill="none"/>`)
      .join('');
    return `<ellipse cx="${x}" cy="${y + 4}" rx="30" ry="22" fill="${tint}"/><path d="M${x - 26} ${y}Q${x} ${y - 30} ${x + 26} ${y}" fill="${tint}" stroke="rgba(0,0,0,0.08)" stroke-width="2"/>${pleats}<ellipse cx="${x - 8}" cy="${y + 8}" rx="9" ry="5" fill="#fff" opacity="0.5"/>`;
  };
  const tints = ['#fbf6ee', '#f9d5c8', '#fbf6ee', '#eef4dc'];
  const spots: Array<[number, number]> = [
    [-36, -30],
    [36, -30],
    [-36, 34],
    [36, 34],
  ];
  return `<circle r="104" fill="#a87b42"/><circle r="96" fill="#c89b5e"/><circle r="88" fill="#e7c98f"/><circle r="88" fill="none" stroke="#c89b5e" stroke-width="2" stroke-dasharray="4 6"/><circle r="80" fill="#f5ebd7"/>
  ${spots.map(([x, y], i) => one(x, y, tints[(i + rng.int(0, 3)) % 4] as string)).join('')}`;
};

const curryBowl = (rng: Rng) => {
  const herbs = spread(rng, 7, 60, 22)
    .map(([x, y]) => leaf(x, y, rng.int(18, 26), rng.int(0, 360), rng.pick(['#2d6a4f', '#40916c'])))
    .join('');
  const chicken = spread(rng, 6, 55, 24)
    .map(
      ([x, y]) =>
        `<ellipse cx="${f(x)}" cy="${f(y)}" rx="11" ry="8" fill="#f6e7c8" transform="rotate(${rng.int(0, 180)} ${f(x)} ${f(y)})"/>`,
    )
    .join('');
  const chili = spread(rng, 5, 60, 16)
    .map(([x, y]) => `<circle cx="${f(x)}" cy="${f(y)}" r="5" fill="none" stroke="#d62828" stroke-width="3"/>`)
    .join('');
  return `<circle r="102" fill="#ffffff"/><circle r="96" fill="none" stroke="#3d5a80" stroke-width="4"/><circle r="82" fill="#a3b845"/><circle r="82" fill="url(#broth)" opacity="0.35"/>${chicken}${herbs}${chili}
  <path d="M58 62a34 34 0 0 1 44 -44z" fill="#a7c957"/><path d="M64 56a24 24 0 0 1 32 -32z" fill="#d9ed92"/>`;
};

const pho = (rng: Rng) => {
  const noodles = Array.from(
    { length: 9 },
    (_, i) => `<path d="M-70 ${-30 + i * 8}q35 ${rng.int(-8, 8)} 70 0t70 0" stroke="#fff7e6" stroke-width="4" fill="none" opacity="0.9"/>`,
  ).join('');
  const beef = spread(rng, 4, 45, 30)
    .map(([x, y]) => `<path d="M${f(x - 18)} ${f(y)}q18 -14 36 0q-18 10 -36 0z" fill="#9c4a3c"/>`)
    .join('');
  const herbs = spread(rng, 6, 70, 20, 30)
    .map(([x, y]) => leaf(x, y, 20, rng.int(0, 360), '#52b788'))
    .join('');
  return `<circle r="102" fill="#ffffff"/><circle r="96" fill="none" stroke="#e76f51" stroke-width="4" stroke-dasharray="2 10" stroke-linecap="round"/><circle r="82" fill="#c96e3a"/><circle r="82" fill="url(#broth)" opacity="0.4"/>${noodles}${beef}${herbs}
  <circle cx="-40" cy="50" r="9" fill="none" stroke="#d62828" stroke-width="3"/><circle cx="-20" cy="60" r="7" fill="none" stroke="#d62828" stroke-width="3"/>
  <path d="M60 -70a30 30 0 0 1 40 40z" fill="#a7c957"/><path d="M66 -64a20 20 0 0 1 28 28z" fill="#d9ed92"/>${chopsticks(-120, 84, 110, 110)}`;
};

const grill = (rng: Rng) => {
  const bars = Array.from({ length: 13 }, (_, i) => `<path d="M-90 ${-84 + i * 14}H90" stroke="#5b5b5b" stroke-width="4"/>`).join('');
  const meat = spread(rng, 5, 50, 34)
    .map(
      ([x, y]) =>
        `<g transform="translate(${f(x)} ${f(y)}) rotate(${rng.int(-40, 40)})"><rect x="-24" y="-12" width="48" height="24" rx="9" fill="#b4483c"/><path d="M-16 -4q10 6 30 -2M-14 5q12 4 26 0" stroke="#f2c4b5" stroke-width="2" fill="none"/><path d="M-12 -12l-6 24M0 -12l-6 24M12 -12l-6 24" stroke="#5a1e16" stroke-width="3" opacity="0.7"/></g>`,
    )
    .join('');
  const garlic = spread(rng, 5, 80, 14, 60)
    .map(([x, y]) => `<circle cx="${f(x)}" cy="${f(y)}" r="6" fill="#fdf6e3" stroke="#e8dcc0" stroke-width="1.5"/>`)
    .join('');
  return `<circle r="104" fill="#3a3a3a"/><circle r="92" fill="#1e1e1e"/><g clip-path="url(#grillClip)">${bars}</g>${meat}${garlic}`;
};

const curry = (rng: Rng) => {
  const spots = spread(rng, 8, 30, 10)
    .map(([x, y]) => `<circle cx="${f(x)}" cy="${f(y)}" r="${rng.int(2, 4)}" fill="#b5762e"/>`)
    .join('');
  const herbs = spread(rng, 5, 50, 18, 10)
    .map(([x, y]) => leaf(x, y, 16, rng.int(0, 360), '#2d6a4f'))
    .join('');
  return `<g transform="translate(-70 62) rotate(-25)"><path d="M-44 0C-44 -34 44 -40 48 -4C50 28 -44 34 -44 0Z" fill="#e8c07d"/><g transform="translate(0 -2)">${spots}</g></g>
  <ellipse cx="-104" cy="-6" rx="16" ry="9" fill="#8c5a2b"/><ellipse cx="104" cy="-6" rx="16" ry="9" fill="#8c5a2b"/>
  <circle r="92" fill="#b87333"/><circle r="86" fill="none" stroke="#d9955b" stroke-width="4"/><circle r="78" fill="#e07a1f"/><circle r="78" fill="url(#broth)" opacity="0.35"/>
  <path d="M-30 0a30 30 0 1 1 30 30a20 20 0 1 1 -20 -20a10 10 0 1 1 10 10" stroke="#fff3e0" stroke-width="5" fill="none" stroke-linecap="round"/>${herbs}`;
};

const taco = (rng: Rng) => {
  const one = (x: number, angle: number) => {
    const meat = Array.from(
      { length: 6 },
      (_, i) => `<circle cx="${-45 + i * 18}" cy="${-14 - rng.int(0, 8)}" r="${rng.int(9, 13)}" fill="#8b4513"/>`,
    ).join('');
    const tomato = Array.from(
      { length: 5 },
      (_, i) => `<rect x="${-40 + i * 19}" y="${-30 - rng.int(0, 6)}" width="8" height="8" rx="2" fill="#e63946"/>`,
    ).join('');
    return `<g transform="translate(${x} 10) rotate(${angle})">${meat}<path d="M-58 -14q8 -16 16 -4t16 -4t16 -4t16 -4t16 -4t16 -4t16 4" stroke="#7cb342" stroke-width="9" fill="none" stroke-linecap="round"/>${tomato}
    <path d="M-46 -26l8 6l8 -6l8 6l8 -6l8 6l8 -6l8 6l8 -6l8 6" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/>
    <path d="M-62 -10A62 62 0 0 0 62 -10Z" fill="#f4c95d"/><path d="M-50 0A52 52 0 0 0 50 0" stroke="#f9dc8c" stroke-width="4" fill="none"/></g>`;
  };
  return `${one(-56, -6)}${one(58, 6)}<g transform="translate(0 78)"><path d="M-24 0a24 24 0 0 1 48 0z" fill="#a7c957"/><path d="M-16 0a16 16 0 0 1 32 0z" fill="#d9ed92"/></g>`;
};

const wine = (rng: Rng) => {
  const holes = [
    [-62, 60, 5],
    [-44, 70, 4],
    [-52, 78, 3],
  ]
    .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#e8b923"/>`)
    .join('');
  const slashes = [-70, -35, 0, 35, 70]
    .map((x) => `<path d="M${x - 8} -10l16 20" stroke="#f0c987" stroke-width="4" stroke-linecap="round"/>`)
    .join('');
  return `<g transform="rotate(${-25 + rng.int(-6, 6)}) translate(-10 20)"><rect x="-120" y="-18" width="240" height="36" rx="18" fill="#d9a05b"/>${slashes}</g>
  <path d="M-80 88L-20 48L-20 88Z" fill="#f6d365"/>${holes}
  <g transform="translate(52 -6)"><path d="M-32 -92L32 -92Q36 -30 0 -10Q-36 -30 -32 -92Z" fill="#ffffff" opacity="0.35" stroke="#ffffff" stroke-width="2"/>
  <path d="M-33 -62L33 -62Q34 -30 0 -12Q-34 -30 -33 -62Z" fill="#7b1e3a"/><path d="M-22 -86Q-26 -50 -10 -30" stroke="#fff" stroke-width="4" opacity="0.5" fill="none" stroke-linecap="round"/>
  <path d="M0 -10V58" stroke="#ffffff" stroke-width="5"/><ellipse cx="0" cy="60" rx="28" ry="7" fill="#ffffff" opacity="0.85"/></g>`;
};

const paella = (rng: Rng) => {
  const rice = spread(rng, 60, 84, 6)
    .map(([x, y]) => `<ellipse cx="${f(x)}" cy="${f(y)}" rx="2.5" ry="1.5" fill="#e59f22"/>`)
    .join('');
  const shrimp = spread(rng, 5, 58, 34, 10)
    .map(
      ([x, y]) =>
        `<g transform="translate(${f(x)} ${f(y)}) rotate(${rng.int(0, 360)})"><path d="M-12 8A14 14 0 1 1 12 8" stroke="#f08a5d" stroke-width="10" fill="none" stroke-linecap="round"/><path d="M12 8l8 6l-2 -10z" fill="#e76f51"/></g>`,
    )
    .join('');
  const mussels = spread(rng, 4, 70, 34, 30)
    .map(
      ([x, y]) =>
        `<g transform="translate(${f(x)} ${f(y)}) rotate(${rng.int(0, 360)})"><ellipse rx="15" ry="9" fill="#1f1f2e"/><ellipse rx="10" ry="5" fill="#f4a261"/></g>`,
    )
    .join('');
  const peas = spread(rng, 12, 75, 10)
    .map(([x, y]) => `<circle cx="${f(x)}" cy="${f(y)}" r="4" fill="#55a630"/>`)
    .join('');
  return `<rect x="-124" y="-10" width="28" height="20" rx="8" fill="#2f2f2f"/><rect x="96" y="-10" width="28" height="20" rx="8" fill="#2f2f2f"/>
  <circle r="102" fill="#2f2f2f"/><circle r="94" fill="#474747"/><circle r="88" fill="#f2b134"/>${rice}${peas}${mussels}${shrimp}
  <path d="M-20 -70a20 20 0 0 1 40 0z" fill="#ffe066" transform="rotate(20)"/>`;
};

function mezzeBoard(rng: Rng, third: string): string {
  const grain = [-60, -30, 0, 30, 60]
    .map((y) => `<path d="M-120 ${y}Q0 ${y + rng.int(-5, 5)} 120 ${y}" stroke="#c49a6c" stroke-width="1.5" fill="none" opacity="0.5"/>`)
    .join('');
  const olives = spread(rng, 7, 20, 11)
    .map(([x, y]) => `<ellipse cx="${f(48 + x)}" cy="${f(-36 + y)}" rx="7" ry="5" fill="${rng.pick(['#6b8e23', '#556b2f', '#2e2e2e'])}"/>`)
    .join('');
  const paprika = spread(rng, 8, 20, 5)
    .map(([x, y]) => `<circle cx="${f(-48 + x)}" cy="${f(-22 + y)}" r="1.8" fill="#c0392b"/>`)
    .join('');
  return `<rect x="-128" y="-92" width="256" height="184" rx="22" fill="#d8b384"/>${grain}
  <circle cx="-48" cy="-22" r="46" fill="#fff"/><circle cx="-48" cy="-22" r="38" fill="#e9d5a7"/><path d="M-48 -22m-24 0a24 24 0 1 1 24 24a14 14 0 1 1 -14 -14" stroke="#d4b483" stroke-width="4" fill="none"/><circle cx="-48" cy="-22" r="10" fill="#c9b037" opacity="0.7"/>${paprika}
  <circle cx="48" cy="-36" r="34" fill="#fff"/><circle cx="48" cy="-36" r="28" fill="#f1ebe0"/>${olives}
  <circle cx="40" cy="48" r="34" fill="#fff"/><circle cx="40" cy="48" r="28" fill="#f1ebe0"/>${third}
  <path d="M-104 40l40 -8l-14 40z" fill="#e8c48a"/><path d="M-92 60l38 6l-28 26z" fill="#dfb574"/>`;
}

const mezze = (rng: Rng) =>
  mezzeBoard(
    rng,
    spread(rng, 4, 16, 12)
      .map(
        ([x, y]) =>
          `<circle cx="${f(40 + x)}" cy="${f(48 + y)}" r="8" fill="#e63946"/><circle cx="${f(38 + x)}" cy="${f(46 + y)}" r="3" fill="#fff" opacity="0.5"/>`,
      )
      .join(''),
  );

const greekMezze = (rng: Rng) =>
  mezzeBoard(
    rng,
    spread(rng, 5, 16, 11)
      .map(
        ([x, y]) =>
          `<rect x="${f(34 + x)}" y="${f(42 + y)}" width="12" height="12" rx="2" fill="#fffdf7" stroke="#e4ddd0" transform="rotate(${rng.int(0, 40)} ${f(40 + x)} ${f(48 + y)})"/>`,
      )
      .join(''),
  );

const falafel = (rng: Rng) =>
  mezzeBoard(
    rng,
    spread(rng, 4, 14, 14)
      .map(
        ([x, y]) =>
          `<circle cx="${f(40 + x)}" cy="${f(48 + y)}" r="10" fill="#8b5a2b"/><circle cx="${f(37 + x)}" cy="${f(45 + y)}" r="3" fill="#a8743f"/>`,
      )
      .join(''),
  );

const fish = (rng: Rng) => {
  const dill = spread(rng, 5, 20, 8)
    .map(([x, y]) => `<path d="M${f(-70 + x)} ${f(46 + y)}l-8 -10M${f(-70 + x)} ${f(46 + y)}l8 -10" stroke="#52b788" stroke-width="2"/>`)
    .join('');
  const lemon = (x: number, y: number) =>
    `<circle cx="${x}" cy="${y}" r="16" fill="#ffe066"/><circle cx="${x}" cy="${y}" r="12" fill="#fff3b0"/>${[0, 60, 120].map((a) => `<path d="M${x - 12} ${y}H${x + 12}" stroke="#ffe066" stroke-width="1.5" transform="rotate(${a} ${x} ${y})"/>`).join('')}`;
  return `<ellipse rx="124" ry="84" fill="#ffffff"/><ellipse rx="106" ry="68" fill="#f4f6f7"/>
  <path d="M-76 0Q-24 -40 44 -8L78 -30L70 0L78 30L44 8Q-24 40 -76 0Z" fill="#8fb3d9"/><path d="M-76 0Q-24 -40 44 -8L44 8Q-24 40 -76 0Z" fill="url(#sheen)"/>
  <path d="M-30 -18l-12 36M-8 -20l-12 40M14 -18l-12 36" stroke="#5d4037" stroke-width="4" opacity="0.55" stroke-linecap="round"/>
  <circle cx="-56" cy="-5" r="4" fill="#1b1b1b"/><path d="M-44 -14q6 14 0 28" stroke="#6b8fb5" stroke-width="3" fill="none"/>${lemon(58, 40)}${lemon(78, 22)}${dill}`;
};

const steak = (rng: Rng) => {
  const rosemary = Array.from(
    { length: 7 },
    (_, i) =>
      `<path d="M${-40 + i * 8} ${-56 - i * 2}l-5 -9M${-40 + i * 8} ${-56 - i * 2}l5 9" stroke="#2d6a4f" stroke-width="3" stroke-linecap="round"/>`,
  ).join('');
  const turn = rng.int(-12, 12);
  return `${plate()}<g transform="rotate(${turn})"><path d="M-64 -20C-60 -52 20 -60 56 -36C80 -18 70 30 30 44C-10 58 -70 30 -64 -20Z" fill="#8c3b2e" stroke="#f3d9c0" stroke-width="6"/>
  <path d="M-40 -30l30 60M-10 -40l30 60M20 -40l26 52" stroke="#4a1c14" stroke-width="7" opacity="0.75" stroke-linecap="round"/></g>
  <path d="M-44 -60L12 -74" stroke="#40513b" stroke-width="3"/>${rosemary}
  <g transform="translate(-122 0)" fill="#c9ccd1"><rect x="-3" y="-20" width="6" height="90" rx="3"/><rect x="-10" y="-56" width="20" height="40" rx="6"/><rect x="-10" y="-78" width="3" height="26"/><rect x="-3.5" y="-78" width="3" height="26"/><rect x="3" y="-78" width="3" height="26"/><rect x="7" y="-78" width="3" height="26"/></g>
  <g transform="translate(122 0)"><rect x="-4" y="0" width="8" height="70" rx="4" fill="#3e2723"/><path d="M-4 0V-80Q10 -60 6 0Z" fill="#c9ccd1"/></g>`;
};

const burger = (rng: Rng) => {
  const seeds = spread(rng, 14, 60, 12)
    .filter(([, y]) => y < 0)
    .map(
      ([x, y]) =>
        `<ellipse cx="${f(x)}" cy="${f(y * 0.75 - 34)}" rx="3" ry="1.8" fill="#fff3d6" transform="rotate(${rng.int(-40, 40)} ${f(x)} ${f(y * 0.75 - 34)})"/>`,
    )
    .join('');
  const char = spread(rng, 10, 60, 10)
    .map(([x]) => `<circle cx="${f(x)}" cy="${rng.int(22, 38)}" r="2.5" fill="#4e2a18"/>`)
    .join('');
  return `
  <rect x="-72" y="46" width="144" height="30" rx="14" fill="#e0a040"/>
  <rect x="-80" y="16" width="160" height="32" rx="15" fill="#6b3e26"/>${char}
  <path d="M-74 14L-56 36L-38 14L-20 36L-2 14L16 36L34 14L52 36L70 14Z" fill="#ffc93c"/>
  <rect x="-70" y="2" width="140" height="14" rx="7" fill="#e63946"/>
  <path d="M-82 2q10 -12 20 0t20 0t20 0t20 0t20 0t20 0t20 0t20 0" stroke="#7cb342" stroke-width="9" fill="none" stroke-linecap="round"/>
  <path d="M-78 -4Q-78 -78 0 -78Q78 -78 78 -4Z" fill="#f0a93b"/><path d="M-56 -42Q-40 -66 -8 -70" stroke="#f7c872" stroke-width="7" fill="none" stroke-linecap="round"/>${seeds}`;
};

const ribs = (rng: Rng) => {
  const bones = [-64, -32, 0, 32, 64].map((x) => `<rect x="${x - 7}" y="-62" width="14" height="30" rx="7" fill="#f5e6cc"/>`).join('');
  const glaze = [-52, -20, 12, 44]
    .map((x) => `<path d="M${x} -34v66" stroke="#a0522d" stroke-width="8" opacity="0.6" stroke-linecap="round"/>`)
    .join('');
  const pickles = spread(rng, 3, 14, 12)
    .map(([x, y]) => `<circle cx="${f(-84 + x)}" cy="${f(66 + y)}" r="10" fill="#9cb74a" stroke="#6b8e23" stroke-width="2"/>`)
    .join('');
  return `<rect x="-126" y="-90" width="252" height="180" rx="16" fill="#6d4c41"/><rect x="-118" y="-82" width="236" height="164" rx="12" fill="#8d6e63"/>
  ${bones}<rect x="-92" y="-42" width="184" height="84" rx="30" fill="#7b3f22"/>${glaze}
  <path d="M-70 -10l30 24M-30 -16l30 24M10 -12l30 24" stroke="#3e1f10" stroke-width="6" opacity="0.6" stroke-linecap="round"/>
  <circle cx="86" cy="62" r="20" fill="#fff"/><circle cx="86" cy="62" r="15" fill="#8b1e1e"/>${pickles}`;
};

const salad = (rng: Rng) => {
  const greens = spread(rng, 16, 66, 14)
    .map(([x, y]) => leaf(x, y, rng.int(24, 36), rng.int(0, 360), rng.pick(['#2d6a4f', '#40916c', '#52b788', '#74c69d', '#95d5b2'])))
    .join('');
  const tomatoes = spread(rng, 5, 60, 24, 10)
    .map(
      ([x, y]) =>
        `<circle cx="${f(x)}" cy="${f(y)}" r="10" fill="#e63946"/><circle cx="${f(x - 3)}" cy="${f(y - 3)}" r="3" fill="#fff" opacity="0.5"/>`,
    )
    .join('');
  const seeds = spread(rng, 14, 60, 6)
    .map(([x, y]) => `<circle cx="${f(x)}" cy="${f(y)}" r="1.8" fill="#f4e3b2"/>`)
    .join('');
  return `<circle r="102" fill="#ffffff"/><circle r="96" fill="none" stroke="#a3b18a" stroke-width="5"/><circle r="84" fill="#e9f5db"/>${greens}
  <path d="M10 10q30 -30 56 -6q-30 14 -56 6z" fill="#c5d86d" stroke="#7a9e4e" stroke-width="3"/><path d="M-20 30q24 -26 50 -4q-26 12 -50 4z" fill="#c5d86d" stroke="#7a9e4e" stroke-width="3"/>${tomatoes}${seeds}`;
};

const coffee = (rng: Rng) => {
  const heart = `<path d="M0 18C-26 2 -22 -20 -8 -20C-2 -20 0 -14 0 -12C0 -14 2 -20 8 -20C22 -20 26 2 0 18Z" fill="#f3e5d8" transform="rotate(${rng.int(-15, 15)})"/>`;
  return `<circle r="100" fill="#ffffff"/><circle r="100" fill="none" stroke="#ece6df" stroke-width="3"/><circle r="84" fill="none" stroke="#ece6df" stroke-width="2"/>
  <rect x="56" y="-14" width="42" height="26" rx="13" fill="none" stroke="#ffffff" stroke-width="10"/><rect x="56" y="-14" width="42" height="26" rx="13" fill="none" stroke="#e5ded5" stroke-width="2"/>
  <circle r="64" fill="#ffffff" stroke="#e5ded5" stroke-width="3"/><circle r="54" fill="#6f4e37"/><circle r="54" fill="none" stroke="#a47551" stroke-width="5"/>${heart}
  <g transform="rotate(130) translate(0 78)"><ellipse cx="0" cy="0" rx="7" ry="11" fill="#c9ccd1"/><rect x="-2.5" y="8" width="5" height="32" rx="2.5" fill="#c9ccd1"/></g>`;
};

const croissant = (rng: Rng) => {
  const segments = [-2, -1, 0, 1, 2]
    .map((i) => {
      const a = (i * 28 * Math.PI) / 180;
      const x = Math.sin(a) * 64;
      const y = 40 - Math.cos(a) * 64;
      const rx = 30 - Math.abs(i) * 5;
      return {
        i,
        svg: `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${rx}" ry="${rx * 0.9}" fill="url(#bake)" stroke="#b86e1f" stroke-width="2.5" transform="rotate(${i * 28} ${f(x)} ${f(y)})"/>`,
      };
    })
    .sort((a, b) => Math.abs(b.i) - Math.abs(a.i))
    .map((s) => s.svg)
    .join('');
  const crumbs = spread(rng, 8, 100, 10, 80)
    .map(([x, y]) => `<circle cx="${f(x)}" cy="${f(y)}" r="${rng.int(2, 4)}" fill="#e9b15f"/>`)
    .join('');
  return `<circle r="100" fill="#ffffff" opacity="0.9"/><circle r="78" fill="#f6efe6"/><g transform="translate(0 -6)">${segments}</g>${crumbs}
  <g transform="translate(74 70)"><circle r="22" fill="#fff"/><circle r="17" fill="#c1121f"/><circle cx="-5" cy="-5" r="4" fill="#fff" opacity="0.4"/></g>`;
};

export const MOTIFS: Readonly<Record<MotifName, (rng: Rng) => string>> = {
  pizza,
  pasta,
  sushi,
  ramen,
  dumplings,
  curryBowl,
  pho,
  grill,
  curry,
  taco,
  wine,
  paella,
  mezze,
  greekMezze,
  falafel,
  fish,
  steak,
  burger,
  ribs,
  salad,
  coffee,
  croissant,
};
