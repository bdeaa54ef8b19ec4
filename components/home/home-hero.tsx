import { Container, Text, Title } from '@/components/ui/mantine-static';
import { useTranslations } from 'next-intl';
import classes from './home.module.css';

export function HomeHero() {
  const t = useTranslations('Home');
  return (
    <section className={classes.hero} aria-labelledby="home-title">
      <svg className={classes.heroArt} viewBox="0 0 600 300" aria-hidden="true" focusable="false">
        <defs>
          <radialGradient id="hero-earth" cx="35%" cy="30%" r="70%">
            <stop offset="0" stopColor="#5cc1ff" />
            <stop offset="0.55" stopColor="#1463c9" />
            <stop offset="1" stopColor="#041f57" />
          </radialGradient>
        </defs>
        <circle cx="470" cy="330" r="230" fill="url(#hero-earth)" opacity="0.9" />
        <ellipse
          cx="470"
          cy="330"
          rx="300"
          ry="90"
          transform="rotate(-18 470 330)"
          fill="none"
          stroke="#9fd3ff"
          strokeOpacity="0.5"
          strokeDasharray="4 8"
        />
        <ellipse
          cx="470"
          cy="330"
          rx="270"
          ry="140"
          transform="rotate(-40 470 330)"
          fill="none"
          stroke="#ffd54a"
          strokeOpacity="0.35"
          strokeDasharray="2 10"
        />
        <g transform="translate(235 120) rotate(-20)">
          <rect x="-7" y="-5" width="14" height="10" rx="2" fill="#ffd54a" />
          <rect x="-30" y="-4" width="20" height="8" fill="#9fd3ff" />
          <rect x="10" y="-4" width="20" height="8" fill="#9fd3ff" />
          <path d="M0 5 L-40 120 L40 120 Z" fill="#ffd54a" opacity="0.12" />
        </g>
      </svg>
      <Container size={1200} className={classes.heroContent}>
        <Title id="home-title" order={1} className={classes.heroTitle}>
          {t('heroTitle')}
        </Title>
        <Text className={classes.heroSubtitle}>{t('heroSubtitle')}</Text>
      </Container>
    </section>
  );
}
