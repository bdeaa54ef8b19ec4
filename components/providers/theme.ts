import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** The portal's blue: satellite imagery over a night-side Earth. */
const brand: MantineColorsTuple = [
  '#e7f1ff', '#cfdff9', '#9ebcf0', '#6a97e8', '#3f78e0', '#2465dc', '#135bdb', '#034bc3', '#0042af', '#00389b',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif",
  headings: { fontWeight: '600' },
  defaultRadius: 'md',
  focusRing: 'always',
});
