import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { paths } from '../../config/routes';
import { campaignOf } from '../../lib/query-params';
import { useSession } from '../../session/session-provider';
import { globalContent, readCampaignTermsFx } from '../../stores/content';
import { Logo } from '../top-bar/logo';

export const DEFAULT_REVIEW_CODE = 'RWD-REVIEW-0000';

type FooterLink = { label: string; href: string; external?: boolean };

/** The spec's footer links, in its order. Company-wide pages live outside this site. */
export const footerLinks: FooterLink[] = [
  { label: 'Prescribing Information', href: paths.prescribingInformation },
  { label: 'Legal', href: `${paths.terms}#legal` },
  { label: 'FAQ', href: paths.faq },
  { label: 'Contact', href: paths.contact },
  { label: 'Terms & Conditions', href: paths.terms },
  { label: 'About', href: 'https://company.example/about', external: true },
  { label: 'Contact company', href: 'https://company.example/contact', external: true },
  { label: 'Your Privacy Choices', href: 'https://company.example/privacy-choices', external: true },
  { label: 'Privacy Policy', href: 'https://company.example/privacy', external: true },
  { label: 'Cookie Policy', href: paths.cookiePolicy },
  { label: 'Cookies Settings', href: `${paths.cookiePolicy}#settings` },
  { label: 'Consumer Health Data Privacy Policy', href: 'https://company.example/consumer-health-data', external: true },
];

function CampaignTerms({ campaign }: { campaign: string }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    readCampaignTermsFx(campaign)
      .then((found) => live && setText(found))
      .catch(() => live && setText(null));
    return () => {
      live = false;
    };
  }, [campaign]);
  return (
    <p className="footer__campaign" data-testid="campaign-terms">
      <strong>{campaign}</strong> {text ?? 'Offer terms and conditions apply. See the offer details for eligibility.'}
    </p>
  );
}

export function Footer() {
  const { status } = useSession();
  const search = useSearch();
  const campaign = campaignOf(search);
  const global = useUnit(globalContent.$state);
  useEffect(() => globalContent.requested(), []);
  const reviewCode = global.contents?.reviewCode || DEFAULT_REVIEW_CODE;
  return (
    <footer className="footer">
      {campaign && <CampaignTerms campaign={campaign} />}
      <div className="footer__top">
        <Logo href={status === 'authenticated' ? paths.home : paths.landing} />
        <nav aria-label="Footer">
          <ul className="footer__links">
            {footerLinks.map((link) => (
              <li key={link.label}>
                {link.external ? (
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.label}
                  </a>
                ) : (
                  <Link href={link.href}>{link.label}</Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="footer__legal">
        © {new Date().getFullYear()} Rewards programme. All rights reserved. <span data-testid="review-code">{reviewCode}</span>
      </p>
    </footer>
  );
}
