import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { RichText } from '../../components/content/rich-text';
import { PageLoader } from '../../components/page-loader';
import { prescribingInformation } from '../../stores/content';
import { ContentPage } from './content-page';

export const FaqPage = () => <ContentPage slug="faq" fallbackTitle="Frequently Asked Questions" />;
export const ContactPage = () => <ContentPage slug="contact" fallbackTitle="Contact Us" />;
export const TermsPage = () => (
  <ContentPage slug="terms" fallbackTitle="Terms & Conditions">
    <section id="legal" className="content-page__section">
      <h2>Legal</h2>
      <p>This is a demonstration programme. Brand names are fictional.</p>
    </section>
  </ContentPage>
);
export const CookiePolicyPage = () => (
  <ContentPage slug="cookie-policy" fallbackTitle="Cookie Policy">
    <section id="settings" className="content-page__section">
      <h2>Cookies Settings</h2>
      <p>Only storage needed to keep you signed in is used; there is nothing to switch off.</p>
    </section>
  </ContentPage>
);

export function PrescribingInformationPage() {
  const { isLoaded, contents } = useUnit(prescribingInformation.$state);
  useEffect(() => prescribingInformation.requested(), []);
  return (
    <article className="content-page" aria-labelledby="pi-title">
      <h1 id="pi-title">Prescribing Information</h1>
      {!isLoaded && <PageLoader label="Loading prescribing information" />}
      {contents.map((entry) => (
        <section key={entry.brand} className="content-page__section" data-testid="pi-entry">
          <h2>{entry.title}</h2>
          <RichText paragraphs={entry.paragraphs} body={entry.body} />
        </section>
      ))}
    </article>
  );
}
