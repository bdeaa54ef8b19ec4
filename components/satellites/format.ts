/** Number formatting shared by the satellite pages: trims trailing zeros, keeps up to two decimals. */
export const trimNumber = (value: number, digits = 2) => String(Number(value.toFixed(digits)));
