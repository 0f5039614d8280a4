// Product, category and brand pictures drawn as SVG and rendered to WebP with sharp: no network,
// deterministic (the same key always gives the same picture), and each kind of product recognisable.
import { createHash } from 'node:crypto';

export const productKinds = [
  'shirt',
  'dress',
  'jacket',
  'shoe',
  'bag',
  'watch',
  'phone',
  'laptop',
  'headphones',
  'tv',
  'camera',
  'perfume',
  'lipstick',
  'book',
  'toy',
  'bunny',
  'guitar',
  'lamp',
  'mug',
  'food',
  'bottle',
  'powerbank',
  'scarf',
] as const;
export type ProductKind = (typeof productKinds)[number];

function rand(seed: string): () => number {
  let h = createHash('sha256').update(seed).digest();
  let i = 0;
  return () => {
    if (i + 4 > h.length) {
      h = createHash('sha256').update(h).digest();
      i = 0;
    }
    const v = h.readUInt32BE(i) / 0xffffffff;
    i += 4;
    return v;
  };
}

const palettes: Array<[string, string, string]> = [
  ['#ff9a8b', '#ff6a88', '#ff99ac'],
  ['#a1c4fd', '#c2e9fb', '#5b86e5'],
  ['#84fab0', '#8fd3f4', '#2bc0a3'],
  ['#fccb90', '#d57eeb', '#f6a04d'],
  ['#e0c3fc', '#8ec5fc', '#7f53ac'],
  ['#f6d365', '#fda085', '#f08a24'],
  ['#43e97b', '#38f9d7', '#13a47e'],
  ['#fa709a', '#fee140', '#e94b6d'],
  ['#30cfd0', '#330867', '#2a9fd6'],
  ['#c471f5', '#fa71cd', '#8a3ff2'],
  ['#48c6ef', '#6f86d6', '#2e63c7'],
  ['#f093fb', '#f5576c', '#c2326f'],
];

/** The main object, drawn in a 400×400 box centred at (200,200), in the item colour `c` with accent `a`. */
function shape(kind: ProductKind, c: string, a: string): string {
  switch (kind) {
    case 'shirt':
      return `<path d="M140 90 L110 100 L60 150 L90 190 L120 165 L120 320 L280 320 L280 165 L310 190 L340 150 L290 100 L260 90 Q200 130 140 90Z" fill="${c}"/><path d="M170 95 Q200 125 230 95" stroke="${a}" stroke-width="8" fill="none"/><circle cx="200" cy="170" r="5" fill="${a}"/><circle cx="200" cy="205" r="5" fill="${a}"/><circle cx="200" cy="240" r="5" fill="${a}"/>`;
    case 'dress':
      return `<path d="M170 70 L230 70 L240 140 Q300 260 320 330 L80 330 Q100 260 160 140Z" fill="${c}"/><path d="M160 140 L240 140" stroke="${a}" stroke-width="12"/><path d="M175 70 L165 40 M225 70 L235 40" stroke="${c}" stroke-width="8"/>`;
    case 'jacket':
      return `<path d="M150 80 L100 110 L70 320 L130 320 L140 200 L150 330 L250 330 L260 200 L270 320 L330 320 L300 110 L250 80 L200 120Z" fill="${c}"/><path d="M200 120 L200 330" stroke="${a}" stroke-width="6"/><rect x="160" y="240" width="28" height="8" rx="4" fill="${a}"/><rect x="212" y="240" width="28" height="8" rx="4" fill="${a}"/>`;
    case 'shoe':
      return `<path d="M70 280 L80 200 Q90 170 120 175 L170 190 Q210 200 240 230 L320 255 Q345 265 340 290 L335 305 L75 305Z" fill="${c}"/><path d="M70 300 L340 300" stroke="${a}" stroke-width="14" stroke-linecap="round"/><path d="M150 200 L175 230 M175 205 L200 235 M200 212 L222 240" stroke="#fff" stroke-width="5" opacity=".8"/>`;
    case 'bag':
      return `<path d="M150 150 Q150 80 200 80 Q250 80 250 150" stroke="${a}" stroke-width="14" fill="none"/><rect x="100" y="140" width="200" height="180" rx="28" fill="${c}"/><rect x="175" y="190" width="50" height="22" rx="6" fill="${a}"/>`;
    case 'watch':
      return `<rect x="165" y="60" width="70" height="280" rx="20" fill="${a}"/><circle cx="200" cy="200" r="85" fill="${c}"/><circle cx="200" cy="200" r="68" fill="#fff" opacity=".92"/><path d="M200 200 L200 150 M200 200 L235 215" stroke="#333" stroke-width="6" stroke-linecap="round"/>`;
    case 'phone':
      return `<rect x="130" y="60" width="140" height="280" rx="26" fill="#1f2330"/><rect x="140" y="80" width="120" height="236" rx="12" fill="${c}"/><circle cx="200" cy="328" r="6" fill="${a}"/><path d="M150 250 Q200 150 250 200" stroke="#fff" stroke-width="6" fill="none" opacity=".6"/>`;
    case 'laptop':
      return `<rect x="95" y="100" width="210" height="145" rx="10" fill="#1f2330"/><rect x="106" y="110" width="188" height="125" rx="4" fill="${c}"/><path d="M65 255 L335 255 L315 285 L85 285Z" fill="${a}"/>`;
    case 'headphones':
      return `<path d="M110 220 Q110 90 200 90 Q290 90 290 220" stroke="${a}" stroke-width="18" fill="none"/><rect x="85" y="200" width="55" height="95" rx="22" fill="${c}"/><rect x="260" y="200" width="55" height="95" rx="22" fill="${c}"/>`;
    case 'tv':
      return `<rect x="60" y="90" width="280" height="180" rx="12" fill="#1f2330"/><rect x="72" y="102" width="256" height="156" rx="4" fill="${c}"/><path d="M170 270 L150 320 M230 270 L250 320" stroke="${a}" stroke-width="10" stroke-linecap="round"/>`;
    case 'camera':
      return `<rect x="80" y="130" width="240" height="160" rx="24" fill="${c}"/><rect x="120" y="105" width="70" height="35" rx="8" fill="${a}"/><circle cx="200" cy="210" r="58" fill="#1f2330"/><circle cx="200" cy="210" r="36" fill="${a}"/><circle cx="186" cy="196" r="10" fill="#fff" opacity=".7"/>`;
    case 'perfume':
      return `<rect x="180" y="80" width="40" height="40" rx="6" fill="${a}"/><rect x="188" y="115" width="24" height="25" fill="#ccc"/><rect x="115" y="135" width="170" height="190" rx="36" fill="${c}" opacity=".9"/><rect x="145" y="200" width="110" height="50" rx="8" fill="#fff" opacity=".75"/>`;
    case 'lipstick':
      return `<rect x="160" y="210" width="80" height="120" rx="8" fill="${a}"/><rect x="170" y="160" width="60" height="55" fill="#d9b45a"/><path d="M175 160 L175 90 L225 70 L225 160Z" fill="${c}"/>`;
    case 'book':
      return `<rect x="110" y="70" width="190" height="260" rx="8" fill="${c}"/><rect x="110" y="70" width="26" height="260" fill="${a}"/><rect x="160" y="120" width="110" height="14" rx="7" fill="#fff" opacity=".85"/><rect x="160" y="148" width="80" height="10" rx="5" fill="#fff" opacity=".6"/>`;
    case 'toy':
      return `<circle cx="200" cy="190" r="90" fill="${c}"/><circle cx="135" cy="115" r="35" fill="${c}"/><circle cx="265" cy="115" r="35" fill="${c}"/><circle cx="170" cy="180" r="10" fill="#1f2330"/><circle cx="230" cy="180" r="10" fill="#1f2330"/><ellipse cx="200" cy="220" rx="30" ry="22" fill="${a}"/><path d="M188 225 Q200 235 212 225" stroke="#1f2330" stroke-width="4" fill="none"/>`;
    case 'bunny':
      // A plush rabbit: long ears, a round face with a pink nose, sitting, a rattle in its paw.
      return `<ellipse cx="168" cy="92" rx="24" ry="72" transform="rotate(-14 168 92)" fill="${c}"/><ellipse cx="232" cy="92" rx="24" ry="72" transform="rotate(14 232 92)" fill="${c}"/><ellipse cx="168" cy="98" rx="11" ry="50" transform="rotate(-14 168 98)" fill="#f7a8b8"/><ellipse cx="232" cy="98" rx="11" ry="50" transform="rotate(14 232 98)" fill="#f7a8b8"/><ellipse cx="200" cy="290" rx="88" ry="62" fill="${c}"/><circle cx="200" cy="190" r="72" fill="${c}"/><ellipse cx="155" cy="338" rx="34" ry="16" fill="${c}"/><ellipse cx="245" cy="338" rx="34" ry="16" fill="${c}"/><circle cx="174" cy="180" r="10" fill="#1f2330"/><circle cx="226" cy="180" r="10" fill="#1f2330"/><ellipse cx="200" cy="207" rx="11" ry="8" fill="#f27b98"/><path d="M200 215 L200 226 M200 226 Q188 236 178 228 M200 226 Q212 236 222 228" stroke="#1f2330" stroke-width="4" fill="none" stroke-linecap="round"/><path d="M150 208 L118 200 M150 216 L118 222 M250 208 L282 200 M250 216 L282 222" stroke="${a}" stroke-width="3" stroke-linecap="round"/><rect x="276" y="262" width="12" height="58" rx="6" fill="${a}" transform="rotate(20 282 290)"/><circle cx="296" cy="250" r="24" fill="${a}"/><circle cx="290" cy="244" r="7" fill="#fff" opacity=".6"/>`;
    case 'guitar':
      return `<rect x="190" y="50" width="20" height="170" fill="${a}"/><circle cx="200" cy="255" r="70" fill="${c}"/><circle cx="200" cy="200" r="50" fill="${c}"/><circle cx="200" cy="240" r="20" fill="#1f2330"/>`;
    case 'lamp':
      return `<path d="M140 90 L260 90 L300 190 L100 190Z" fill="${c}"/><rect x="193" y="190" width="14" height="110" fill="${a}"/><ellipse cx="200" cy="310" rx="70" ry="16" fill="${a}"/>`;
    case 'mug':
      return `<rect x="110" y="120" width="150" height="190" rx="18" fill="${c}"/><path d="M260 160 Q320 160 320 215 Q320 270 260 270" stroke="${c}" stroke-width="20" fill="none"/><path d="M150 90 Q160 70 150 50 M185 90 Q195 70 185 50 M220 90 Q230 70 220 50" stroke="${a}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    case 'food':
      return `<path d="M90 200 Q200 150 310 200 L290 300 Q200 330 110 300Z" fill="${c}"/><circle cx="160" cy="180" r="28" fill="${a}"/><circle cx="215" cy="168" r="24" fill="#fff" opacity=".85"/><circle cx="255" cy="185" r="20" fill="${a}"/>`;
    case 'powerbank':
      return `<rect x="125" y="70" width="150" height="260" rx="22" fill="${c}"/><rect x="140" y="86" width="120" height="228" rx="14" fill="#fff" opacity=".18"/><rect x="180" y="58" width="40" height="16" rx="4" fill="${a}"/><rect x="162" y="120" width="76" height="36" rx="6" fill="none" stroke="${a}" stroke-width="6"/><rect x="238" y="130" width="8" height="16" rx="2" fill="${a}"/><rect x="168" y="126" width="42" height="24" rx="3" fill="${a}"/><path d="M206 190 L178 245 L200 245 L190 290 L228 228 L205 228 L222 190Z" fill="${a}"/><circle cx="160" cy="305" r="5" fill="${a}"/><circle cx="180" cy="305" r="5" fill="${a}"/><circle cx="200" cy="305" r="5" fill="${a}" opacity=".4"/>`;
    case 'scarf':
      return `<path d="M120 80 Q200 50 280 80 L270 130 Q200 105 130 130Z" fill="${c}"/><path d="M130 130 Q200 105 270 130 L250 170 Q200 150 150 170Z" fill="${c}" opacity=".85"/><path d="M150 165 L135 320 L185 320 L190 170Z" fill="${c}"/><path d="M210 168 L225 300 L270 290 L250 165Z" fill="${c}" opacity=".9"/><path d="M140 320 L140 340 M152 320 L152 342 M164 320 L164 340 M176 320 L176 342 M229 300 L231 320 M241 298 L244 318 M253 295 L257 315 M265 292 L269 312" stroke="${a}" stroke-width="5" stroke-linecap="round"/><path d="M135 95 Q200 72 265 95 M140 115 Q200 92 260 115" stroke="${a}" stroke-width="5" fill="none" opacity=".7"/>`;
    case 'bottle':
      return `<rect x="180" y="55" width="40" height="30" rx="6" fill="${a}"/><path d="M180 85 L220 85 L220 120 Q265 140 265 190 L265 320 Q265 335 250 335 L150 335 Q135 335 135 320 L135 190 Q135 140 180 120Z" fill="${c}"/><rect x="135" y="200" width="130" height="70" fill="#fff" opacity=".7"/>`;
  }
}

/** One view of a product: view 0 is the cover; 1-3 change the framing and background. */
export function productSvg(kind: ProductKind, variant: number, view: number, size = 640): string {
  const r = rand(`${kind}:${variant}`);
  const [c1, c2, item] = palettes[Math.floor(r() * palettes.length)] ?? palettes[0]!;
  const accent = ['#1f2330', '#ffffff', '#ffd166', '#073b4c'][Math.floor(r() * 4)] ?? '#1f2330';
  const vr = rand(`${kind}:${variant}:${view}`);
  const angle = [0, -8, 6, -3][view % 4] ?? 0;
  const scale = [1, 1.15, 0.85, 1.3][view % 4] ?? 1;
  const bubbles = Array.from({ length: 6 }, () => {
    const x = Math.round(vr() * 400);
    const y = Math.round(vr() * 400);
    const rr = Math.round(20 + vr() * 70);
    return `<circle cx="${x}" cy="${y}" r="${rr}" fill="#fff" opacity="${(0.08 + vr() * 0.12).toFixed(2)}"/>`;
  }).join('');
  const bg =
    view % 2 === 0
      ? `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>`
      : `<radialGradient id="bg" cx=".5" cy=".45" r=".75"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${c1}"/></radialGradient>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400"><defs>${bg}</defs><rect width="400" height="400" fill="url(#bg)"/>${bubbles}<ellipse cx="200" cy="345" rx="${Math.round(120 * scale)}" ry="14" fill="#000" opacity=".12"/><g transform="translate(200 200) rotate(${angle}) scale(${scale}) translate(-200 -200)"><g transform="translate(6 10)" opacity=".18">${shape(kind, '#000', '#000')}</g>${shape(kind, item, accent)}</g></svg>`;
}

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A category tile: its main kind over a soft gradient. */
export function categorySvg(kind: ProductKind, key: string, size = 600): string {
  return productSvg(
    kind,
    Number.parseInt(createHash('sha1').update(key).digest('hex').slice(0, 6), 16) % 97,
    2,
    size,
  );
}

/**
 * Badge colours of the brand wordmarks: deep enough that white lettering reads at 6:1 or better on both ends of
 * the gradient (tests/server/seed/seed-art.test.ts checks every one).
 */
export const brandPalettes: Array<[string, string]> = [
  ['#0b6e4f', '#08503a'],
  ['#1f4e9c', '#163a75'],
  ['#8a2c4f', '#6b1f3c'],
  ['#5b3a99', '#432a73'],
  ['#9a3412', '#7c2d12'],
  ['#0e6170', '#0a4752'],
  ['#7a4b00', '#5c3900'],
  ['#0f766e', '#115e59'],
  ['#a21c5a', '#7d1445'],
  ['#1e6b2e', '#155223'],
  ['#3b4cb8', '#2c3a8f'],
  ['#6d2f8f', '#52226c'],
];

/**
 * A brand logo: the brand name in white on a deep-coloured badge, 3:2 like the brands grid shows it. The
 * canvas around the badge is transparent, so the card's own colour shows in the light and the dark theme
 * alike; a white rim sets the badge off a dark card.
 */
export function brandSvg(name: string, width = 480): string {
  const r = rand(`brand:${name}`);
  const [c1, c2] = brandPalettes[Math.floor(r() * brandPalettes.length)] ?? brandPalettes[0]!;
  const words = name.split(' ');
  const lines =
    words.length > 1 && name.length > 10
      ? [
          words.slice(0, Math.ceil(words.length / 2)).join(' '),
          words.slice(Math.ceil(words.length / 2)).join(' '),
        ]
      : [name];
  const fontSize = Math.min(54, Math.floor((360 / Math.max(...lines.map((l) => l.length))) * 1.6));
  const text = lines
    .map(
      (l, i) =>
        `<text x="240" y="${160 + (i - (lines.length - 1) / 2) * (fontSize + 6)}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff" text-anchor="middle" dominant-baseline="middle">${escapeXml(l)}</text>`,
    )
    .join('');
  const height = Math.round((width * 2) / 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 480 320"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs><rect x="20" y="56" width="440" height="208" rx="104" fill="url(#g)" stroke="#fff" stroke-width="4"/>${text}</svg>`;
}
