import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { useLeavePageWarning } from '../../components/dialogs/use-leave-page-warning';
import { formatDollars, formatPoints } from '../../lib/format';
import { chosenArtId } from './model/card-art-model';
import { artStyle, CardArtPicker } from './components/card-art-picker';
import { $cart, $draft, addedToCart, cartQuantity, draftCleared, draftFieldUpdated, leftText, MAX_QUANTITY_PER_CART, stockProblem } from './model/cart-store';
import { GiftFlowLayout } from './components/gift-flow-layout';
import { draftWorkedOn } from './model/gift-draft';
import { giftPaths } from './gift-paths';
import { useGiftCardArt } from './components/use-gift-card-art';
import { useGiftCategories } from './components/use-gift-categories';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MESSAGE_MAX = 250;

/** Composes one gift certificate (the draft) and adds it to the cart. */
export default function GiftBuyPage() {
  const { categories, state } = useGiftCategories();
  const [draft, cart] = useUnit([$draft, $cart]);
  const [, navigate] = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  // A gift being written is lost on leaving (the spec's leave-page warning); adding it to the cart saves it.
  const [opened] = useState(draft);
  useLeavePageWarning(draftWorkedOn(opened, draft), { discard: draftCleared, dirtyNow: () => draftWorkedOn(opened, $draft.getState()) });
  const category = categories.find((c) => c.certificateCategoryCode === draft.certificateCategoryCode) ?? null;
  const room = MAX_QUANTITY_PER_CART - cartQuantity(cart);
  const cardArt = useGiftCardArt();
  // Without art content (still loading, or unreachable) nothing is offered and the category's own art stands.
  const artId = category ? chosenArtId(cardArt, draft.selectedCardArt, category.cardArtId) : null;
  const art = artId ? (cardArt.byId[artId] ?? null) : null;

  // A category that is not transferable is bought for oneself only: the gift fields are not offered.
  const giftable = category?.transferable !== false;
  useEffect(() => {
    if (!giftable && draft.isGift) draftFieldUpdated({ field: 'isGift', value: false });
  }, [giftable, draft.isGift]);

  const add = () => {
    if (!category || draft.amount === null) return setProblem('Choose a certificate and an amount.');
    if (draft.quantity > room) return setProblem(`Your cart holds at most ${MAX_QUANTITY_PER_CART} certificates; ${room} more fit.`);
    const soldOut = stockProblem(category, cart, draft.quantity);
    if (soldOut) return setProblem(soldOut);
    if (draft.isGift && !draft.recipientName.trim()) return setProblem("Enter the recipient's name.");
    if (draft.isGift && !EMAIL_RE.test(draft.recipientEmail)) return setProblem("Enter the recipient's e-mail address.");
    addedToCart({ ...draft, selectedCardArt: artId });
    draftCleared();
    navigate(giftPaths.cart);
  };

  if (state === 'loading' && !categories.length)
    return (
      <GiftFlowLayout title="Compose a Gift Certificate">
        <PageLoader label="Loading gift certificates" />
      </GiftFlowLayout>
    );
  return (
    <GiftFlowLayout title="Compose a Gift Certificate">
      <form className="gift-form" onSubmit={(e) => (e.preventDefault(), add())} noValidate>
        <fieldset>
          <legend>Certificate</legend>
          {categories.map((c) => (
            <div key={c.certificateCategoryCode} className="gift-form__option">
              <RadioButton
                inputId={`category-${c.certificateCategoryCode}`}
                name="category"
                value={c.certificateCategoryCode}
                checked={draft.certificateCategoryCode === c.certificateCategoryCode}
                onChange={() => {
                  draftFieldUpdated({ field: 'certificateCategoryCode', value: c.certificateCategoryCode });
                  draftFieldUpdated({ field: 'certificateCategoryId', value: c.certificateCategoryCode });
                  draftFieldUpdated({ field: 'amount', value: c.variants[0]?.amount ?? null });
                  draftFieldUpdated({ field: 'selectedCardArt', value: c.cardArtId });
                }}
              />
              <label htmlFor={`category-${c.certificateCategoryCode}`}>
                {c.certificateCategoryName}
                {leftText(c) && ` (${leftText(c)})`}
              </label>
            </div>
          ))}
        </fieldset>
        {category && (
          <fieldset>
            <legend>Amount</legend>
            {category.variants.map((v) => (
              <div key={v.amount} className="gift-form__option">
                <RadioButton
                  inputId={`amount-${v.amount}`}
                  name="amount"
                  value={v.amount}
                  checked={draft.amount === v.amount}
                  onChange={() => draftFieldUpdated({ field: 'amount', value: v.amount })}
                />
                <label htmlFor={`amount-${v.amount}`}>
                  {formatDollars(v.amount)} for {formatPoints(v.purchasePrice)} points
                </label>
              </div>
            ))}
          </fieldset>
        )}
        {category && cardArt.available.length > 0 && (
          <CardArtPicker arts={cardArt.available} value={artId} onChange={(id) => draftFieldUpdated({ field: 'selectedCardArt', value: id })} />
        )}
        {category && draft.amount !== null && (
          <div className="certificate art-card gift-form__preview" data-testid="card-preview" style={artStyle(art)}>
            <span className="certificate__amount">{formatDollars(draft.amount)}</span>
            <span className="certificate__name">{category.certificateCategoryName}</span>
            {draft.isGift && draft.recipientName && <span>For {draft.recipientName}</span>}
            {art && <span className="art-card__design">Design: {art.title}</span>}
          </div>
        )}
        <div className="gift-form__field">
          <label htmlFor="gift-quantity">Quantity</label>
          <InputNumber
            inputId="gift-quantity"
            value={draft.quantity}
            min={1}
            max={MAX_QUANTITY_PER_CART}
            showButtons
            onValueChange={(e) => draftFieldUpdated({ field: 'quantity', value: e.value ?? 1 })}
          />
        </div>
        {giftable ? (
          <div className="gift-form__option">
            <Checkbox inputId="gift-is-gift" checked={draft.isGift} onChange={(e) => draftFieldUpdated({ field: 'isGift', value: Boolean(e.checked) })} />
            <label htmlFor="gift-is-gift">Send it as a gift</label>
          </div>
        ) : (
          <p>{category?.certificateCategoryName} certificates cannot be sent as a gift: this one is for you.</p>
        )}
        {giftable && draft.isGift && (
          <>
            <div className="gift-form__field">
              <label htmlFor="gift-recipient-name">Recipient name</label>
              <InputText
                id="gift-recipient-name"
                value={draft.recipientName}
                maxLength={120}
                onChange={(e) => draftFieldUpdated({ field: 'recipientName', value: e.target.value })}
              />
            </div>
            <div className="gift-form__field">
              <label htmlFor="gift-recipient-email">Recipient e-mail</label>
              <InputText
                id="gift-recipient-email"
                type="email"
                value={draft.recipientEmail}
                maxLength={254}
                onChange={(e) => draftFieldUpdated({ field: 'recipientEmail', value: e.target.value })}
              />
            </div>
            <div className="gift-form__field">
              <label htmlFor="gift-sender-name">Your name</label>
              <InputText
                id="gift-sender-name"
                value={draft.senderName}
                maxLength={120}
                onChange={(e) => draftFieldUpdated({ field: 'senderName', value: e.target.value })}
              />
            </div>
            <div className="gift-form__field">
              <label htmlFor="gift-message">Message ({MESSAGE_MAX - draft.giftMessage.length} characters left)</label>
              <InputTextarea
                id="gift-message"
                value={draft.giftMessage}
                maxLength={MESSAGE_MAX}
                rows={3}
                onChange={(e) => draftFieldUpdated({ field: 'giftMessage', value: e.target.value })}
              />
            </div>
          </>
        )}
        {problem && <Message severity="error" text={problem} />}
        <div className="gift-form__actions">
          <Button type="button" label="BACK" outlined onClick={() => navigate(giftPaths.landing)} />
          <Button type="submit" label="ADD TO CART" disabled={room <= 0} />
        </div>
      </form>
    </GiftFlowLayout>
  );
}
