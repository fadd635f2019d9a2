// /how-it-works, the explanation page (spec 000 §2): what the programme is, the steps from joining
// to earning, how much each level earns, answers to the usual questions and where to go next. All
// wording is copy (howItWorksPage.*), with per-currency variants (.mile/.point/.dollar/.credit) where
// miles, points, cash back and statement credits work differently.
import { useId, type ReactNode } from 'react';
import { Link } from '#client/ui/Link.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import { useCopy, usePartner, useVisitor } from '#client/runtime/index.tsx';
import { useCurrencyCopy } from './content.ts';
import { ArrowIcon } from './icons.tsx';
import styles from './Earn.module.css';

interface Step {
  key: string;
  title: string;
  text: string;
}

export function HowItWorksGuide() {
  const copy = useCopy();
  const say = useCurrencyCopy();
  const { config } = usePartner();
  const visitor = useVisitor();
  const stepsId = useId();
  const levelsId = useId();
  const faqId = useId();
  const nextId = useId();
  const enrolment = config.enrollmentType !== 'none';
  const invite = enrolment && visitor.kind === 'anonymous';

  // Without enrolment (a city guide) nobody links a card or earns: the guide's own words, two steps.
  const steps: Step[] = enrolment
    ? [
        { key: 'join', title: say('howItWorksPage.step.join.title', 'Join and link a card'), text: say('howItWorksPage.step.join.text') },
        { key: 'find', title: say('howItWorksPage.step.find.title', 'Find a restaurant'), text: say('howItWorksPage.step.find.text') },
        { key: 'dine', title: say('howItWorksPage.step.dine.title', 'Dine and pay'), text: say('howItWorksPage.step.dine.text') },
        { key: 'earn', title: say('howItWorksPage.step.earn.title', 'Earn {currency}'), text: say('howItWorksPage.step.earn.text') },
      ]
    : [
        { key: 'find', title: say('howItWorksPage.step.find.title', 'Find a restaurant'), text: say('howItWorksPage.step.find.text') },
        {
          key: 'dine',
          title: copy('howItWorksPage.guide.step.dine.title', 'Go and enjoy'),
          text: copy('howItWorksPage.guide.step.dine.text'),
        },
      ];
  const levels = [
    {
      tier: 0,
      name: copy('howItWorksPage.level.tier0', 'Member'),
      rate: copy('merchantCard.earnRate.tier0'),
      how: copy('howItWorksPage.level.tier0.how'),
    },
    {
      tier: 2,
      name: copy('howItWorksPage.level.tier2', 'Select Member'),
      rate: copy('merchantCard.earnRate.tier2'),
      how: copy('howItWorksPage.level.tier2.how'),
    },
    ...(config.hasVIP
      ? [
          {
            tier: 3,
            name: copy('howItWorksPage.level.tier3', 'VIP'),
            rate: copy('merchantCard.earnRate.tier3'),
            how: copy('howItWorksPage.level.tier3.how'),
          },
        ]
      : []),
  ];
  // Every answer is about earning: a guide without enrolment has none of these questions.
  const questions = (enrolment ? ['show', 'when', 'taxTip', 'cards', 'missing'] : [])
    .map((key) => ({ key, question: say(`howItWorksPage.faq.${key}.q`), answer: say(`howItWorksPage.faq.${key}.a`) }))
    .filter((item) => item.question && item.answer);

  return (
    <>
      <header className="container">
        <div className={styles.hero}>
          <p className={styles.eyebrow}>{copy('howItWorksPage.eyebrow', 'How it works')}</p>
          <h1 className={styles.heroTitle}>{say('howItWorksPage.title', 'How {programName} works')}</h1>
          <p className={styles.heroLead}>{enrolment ? say('howItWorksPage.intro') : copy('howItWorksPage.guide.intro')}</p>
          <Actions invite={invite} hero />
        </div>
      </header>

      <section className={`container ${styles.section}`} aria-labelledby={stepsId}>
        <h2 id={stepsId} className={styles.sectionTitle}>
          {enrolment
            ? say('howItWorksPage.stepsTitle', 'From first visit to {currency}')
            : copy('howItWorksPage.guide.stepsTitle', 'From first look to first bite')}
        </h2>
        <ol className={styles.steps}>
          {steps.map((step, i) => (
            <li key={step.key} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {i + 1}
              </span>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p className={styles.stepText}>
                <CopyText text={step.text} />
              </p>
            </li>
          ))}
        </ol>
      </section>

      {enrolment && (
        <section className={`container ${styles.section}`} aria-labelledby={levelsId}>
          <h2 id={levelsId} className={styles.sectionTitle}>
            {say('howItWorksPage.levelsTitle', 'How much you earn')}
          </h2>
          <p className={styles.sectionLead}>{say('howItWorksPage.levelsIntro', 'Current earning levels: {earnLevels}.')}</p>
          <ul className={styles.levels}>
            {levels.map((level) => (
              <li key={level.tier} className={styles.level} data-tier={level.tier}>
                <h3 className={styles.levelName}>{level.name}</h3>
                <p className={styles.levelRate}>{level.rate}</p>
                {level.how && <p className={styles.levelHow}>{level.how}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}

      {questions.length > 0 && (
        <section className={`container ${styles.section}`} aria-labelledby={faqId}>
          <h2 id={faqId} className={styles.sectionTitle}>
            {copy('howItWorksPage.faqTitle', 'Questions, answered')}
          </h2>
          <div className={styles.faq}>
            {questions.map((item) => (
              <details key={item.key} className={styles.question}>
                <summary>{item.question}</summary>
                <p>
                  <CopyText text={item.answer} />
                </p>
              </details>
            ))}
          </div>
        </section>
      )}

      <section className={`container ${styles.section}`} aria-labelledby={nextId}>
        <div className={styles.closing}>
          <h2 id={nextId} className={styles.closingTitle}>
            {say('howItWorksPage.nextTitle', 'Ready to earn {currency}?')}
          </h2>
          <Actions invite={invite} />
        </div>
      </section>
    </>
  );
}

/** Join (anonymous visitors of partners with enrolment), find restaurants and the offers list. */
function Actions({ invite, hero = false }: { invite: boolean; hero?: boolean }) {
  const copy = useCopy();
  const links: ReactNode[] = [];
  if (invite) {
    links.push(
      <Link key="join" to="/join" className={hero ? styles.heroButton : styles.primaryButton}>
        {copy('howItWorksPage.join', 'Join {programName}')}
        <ArrowIcon />
      </Link>,
    );
  }
  links.push(
    <Link
      key="search"
      to="/search"
      className={invite ? (hero ? styles.heroSecondary : styles.secondaryButton) : hero ? styles.heroButton : styles.primaryButton}
    >
      {copy('earn.findRestaurants', 'Find restaurants')}
      {!invite && <ArrowIcon />}
    </Link>,
    <Link key="earn" to="/earn" className={hero ? styles.heroLink : styles.textLink}>
      {copy('howItWorksPage.offers', 'See offers and bonuses')}
    </Link>,
  );
  return <p className={hero ? styles.heroActions : styles.actions}>{links}</p>;
}
