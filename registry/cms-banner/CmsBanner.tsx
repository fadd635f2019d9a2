// One banner entry of the home or discover CMS group (spec 000 §3), shown only to visitors whose
// user_states it lists. Its content items render in banner_text order; the category picks the
// look; show_prospect_form adds the email-only prospect form (which itself shows only to
// anonymous visitors of direct-enrolment partners).
import type { ReactNode } from 'react';
import { Link } from '#client/ui/Link.tsx';
import type { BannerContent, CmsBannerFields, CmsBannerProps } from '#shared/generated/types.ts';
import { substitute } from '#shared/copy.ts';
import { safeCmsUrl } from '#shared/safe-url.ts';
import { userStatesOf } from '#shared/visitor.ts';
import { useCmsEntry, useCopy, useRuntime, useVisitor } from '#client/runtime/index.tsx';
import { EditableText } from '#client/ui/EditableText.tsx';
import { BREAKPOINTS } from '#client/lib/useMediaQuery.ts';
import { hasImage, ResponsiveImage } from '#client/ui/ResponsiveImage.tsx';
import { MerchantCarousel } from '#client/features/merchants/index.ts';
import { ProspectForm } from '#client/features/enrolment/index.ts';
import styles from './CmsBanner.module.css';

/**
 * Desktop copy (text_desktop) from the 861 px breakpoint up, mobile copy (text_mobile) below it.
 * A part whose two texts differ is drawn once for each width, and CSS shows the one for the
 * viewport (CmsBanner.module.css, `data-width`): a script reading the width would show the server's
 * guess until the page is hydrated, and then swap the words under the reader's eyes.
 */
export const DESKTOP_MIN_WIDTH = BREAKPOINTS.desktop;

type Width = 'phone' | 'desktop';
type TextField = 'text_desktop' | 'text_mobile';

/** How wide a banner's image shows: the container (1050 px at most) less its gutters, and from 861 px
 * the image column (1.25 of 2.25 parts) unless a carousel takes the full width. */
const BANNER_SIZES = '(min-width: 1090px) 584px, (min-width: 861px) 55vw, calc(100vw - 20px)';
const BANNER_SIZES_FULL = '(min-width: 1090px) 1050px, calc(100vw - 20px)';

type Item = BannerContent;
type ActionItem = Item & { type: 'button' | 'standalone_link' };

/** CMS urls: in-app paths, web, mail and phone links; anything else (javascript:, data:) is dropped. */
const safeUrl = safeCmsUrl;

function BannerLink({ item, text, className, width }: { item: ActionItem; text: string; className: string | undefined; width?: Width }) {
  const url = safeUrl(item.fields.url);
  if (!url) return null;
  const newTab = item.fields.new_tab === true;
  const target = newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  const arrow = item.type === 'standalone_link' && (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M5 12h13M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
  const label = (
    <>
      {text}
      {arrow}
      {newTab && <span className="visually-hidden"> (opens in a new tab)</span>}
    </>
  );
  return url.startsWith('/') ? (
    <Link to={url} className={className} data-width={width} {...target}>
      {label}
    </Link>
  ) : (
    <a href={url} className={className} data-width={width} {...target}>
      {label}
    </a>
  );
}

function isAction(item: Item): item is ActionItem {
  return item.type === 'button' || item.type === 'standalone_link';
}

export function CmsBanner({ slug, group = 'home' }: CmsBannerProps) {
  const entry = useCmsEntry(group, slug);
  const visitor = useVisitor();
  const { placeholders } = useRuntime();
  const copy = useCopy();
  if (!entry) return null;

  const fields = entry.fields as Partial<CmsBannerFields>;
  if (!Array.isArray(fields.user_states) || !Array.isArray(fields.banner_text)) return null;
  const states = userStatesOf(visitor);
  if (!fields.user_states.some((state) => states.includes(state))) return null;

  /** The field an item shows at a width: a carousel's desktop text is never used (spec 000 §3); other items fall back to the other text. */
  const fieldAt = (item: Item, width: Width): TextField => {
    const { text_desktop: desktopText, text_mobile: mobileText } = item.fields;
    if (item.type === 'merchant_carousel') return 'text_mobile';
    if (width === 'desktop') return desktopText !== undefined || mobileText === undefined ? 'text_desktop' : 'text_mobile';
    return mobileText !== undefined || desktopText === undefined ? 'text_mobile' : 'text_desktop';
  };
  const rawOf = (item: Item, field: TextField): string => item.fields[field]?.trim() ?? '';
  const textOf = (item: Item, field: TextField): string => substitute(rawOf(item, field), placeholders);
  /**
   * What an item draws: its text once when both widths show the same words, else the phone's and the
   * desktop's, each marked with its width. Drawings without words are left out.
   */
  const drawings = (item: Item): { field: TextField; text: string; width?: Width }[] => {
    const phone = fieldAt(item, 'phone');
    const desktop = fieldAt(item, 'desktop');
    const both =
      phone === desktop || rawOf(item, phone) === rawOf(item, desktop)
        ? [{ field: phone }]
        : [
            { field: phone, width: 'phone' as const },
            { field: desktop, width: 'desktop' as const },
          ];
    return both.map((d) => ({ ...d, text: textOf(item, d.field) })).filter((d) => d.text);
  };
  /** A title or body text: editable in place in the page editor's preview. */
  const editable = (item: Item, i: number, field: TextField) => (
    <EditableText
      text={textOf(item, field)}
      raw={rawOf(item, field)}
      entry={{ group, slug }}
      pointer={`/banner_text/${i}/fields/${field}`}
    />
  );

  const items = fields.banner_text;
  const lastTextIndex = items.reduce((last, item, i) => (item.type === 'merchant_carousel' ? last : i), -1);
  const hasCarousel = items.some((item) => item.type === 'merchant_carousel');
  const image = hasImage(fields.image) ? fields.image : null;
  const category = fields.category ?? 'earn';
  const form = fields.show_prospect_form ? <ProspectForm key="prospect-form" embedded /> : null;

  const children: ReactNode[] = [];
  let titles = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (isAction(item)) {
      // Consecutive buttons and links share one row.
      const run: ReactNode[] = [];
      let j = i;
      for (; j < items.length && isAction(items[j]!); j++) {
        const action = items[j] as ActionItem;
        for (const { text, width } of drawings(action)) {
          run.push(
            <BannerLink
              key={`${j}-${width ?? 'any'}`}
              item={action}
              text={text}
              className={action.type === 'button' ? styles.button : styles.standaloneLink}
              {...(width ? { width } : {})}
            />,
          );
        }
      }
      if (run.length)
        children.push(
          <div key={`actions-${i}`} className={styles.actions}>
            {run}
          </div>,
        );
      if (form && lastTextIndex >= i && lastTextIndex < j) children.push(form);
      i = j - 1;
      continue;
    }
    if (item.type === 'merchant_carousel') {
      const headline = substitute(
        item.fields.headline?.trim() || copy('merchantCarousel.defaultHeadline', 'Restaurants near you'),
        placeholders,
      );
      const body = textOf(item, 'text_mobile');
      children.push(<MerchantCarousel key={i} embedded headline={headline} query={item.fields.query ?? ''} {...(body ? { body } : {})} />);
    } else {
      const drawn = drawings(item);
      const Heading = item.type === 'title' && drawn.length ? (titles++ === 0 ? 'h2' : 'h3') : null;
      for (const { field, width } of drawn) {
        const key = `${i}-${width ?? 'any'}`;
        children.push(
          Heading ? (
            <Heading key={key} className={styles.title} data-width={width}>
              {editable(item, i, field)}
            </Heading>
          ) : (
            <p key={key} className={styles.bodyText} data-width={width}>
              {editable(item, i, field)}
            </p>
          ),
        );
      }
    }
    if (form && i === lastTextIndex) children.push(form);
  }
  if (form && lastTextIndex === -1) children.unshift(form);

  const classes = [styles.banner, styles[category], image ? styles.withImage : '', hasCarousel ? styles.withCarousel : '']
    .filter(Boolean)
    .join(' ');
  return (
    <section className={styles.section} data-banner-slug={slug}>
      <div className="container">
        <div className={classes}>
          {image && (
            <div className={styles.media}>
              {/* Full width on phones; beside the text (about 5/9 of the content width) from 861 px,
                  or full width again when a carousel shares the banner. A path's box is 3:2. */}
              <ResponsiveImage
                image={image}
                className={styles.image}
                sizes={hasCarousel ? BANNER_SIZES_FULL : BANNER_SIZES}
                width={1200}
                height={800}
              />
            </div>
          )}
          <div className={styles.content}>{children}</div>
        </div>
      </div>
    </section>
  );
}
