import { Fragment, type CSSProperties } from 'react';
import type { CardArt } from '../../../stores/content';
import type { GiftCardArt } from '../model/card-art-model';

/** The art's colours as custom properties, so the stylesheet decides where each one goes. */
export const artStyle = (art: CardArt | null | undefined): CSSProperties | undefined =>
  art ? ({ '--art-background': art.background, '--art-foreground': art.foreground, '--art-accent': art.accent ?? art.foreground } as CSSProperties) : undefined;

/** A small, decorative rendering of a design; its title is always written beside it. */
export function CardArtSwatch({ art }: { art: CardArt | null | undefined }) {
  return <span className="art-swatch" style={artStyle(art)} aria-hidden="true" />;
}

/**
 * One native radio per design: the browser gives the group its keyboard behaviour (Tab to the chosen design, arrows
 * to move) and announces it as a radio group; the input is hidden visually, its card shows the focus.
 */
export function CardArtPicker({ arts, value, onChange }: { arts: GiftCardArt[]; value: string | null; onChange: (id: string) => void }) {
  return (
    <fieldset className="art-picker">
      <legend>Card design</legend>
      <div className="art-picker__options">
        {arts.map((a) => (
          <Fragment key={a.id}>
            <label className="art-option" data-testid="card-art-option">
              <input
                type="radio"
                className="art-option__input"
                name="card-art"
                value={a.id}
                checked={value === a.id}
                onChange={() => onChange(a.id)}
                aria-describedby={a.description ? `art-description-${a.id}` : undefined}
              />
              <CardArtSwatch art={a} />
              <span className="art-option__title">{a.title}</span>
            </label>
            {/* Outside the label, so the radio's name stays the title and the description is read after it. */}
            {a.description && (
              <span id={`art-description-${a.id}`} className="visually-hidden">
                {a.description}
              </span>
            )}
          </Fragment>
        ))}
      </div>
    </fieldset>
  );
}

/** A cart or checkout line's design: the swatch and its title (nothing while the art is unknown). */
export function CardArtSummary({ art }: { art: CardArt | null | undefined }) {
  if (!art) return null;
  return (
    <span className="gift-cart__art" data-testid="line-card-art">
      <CardArtSwatch art={art} />
      <span>Design: {art.title}</span>
    </span>
  );
}
