// A widget frame's inset: its horizontal padding and border (the styles use these px), so a nested grid (tabs) and
// a chart know the width inside the frame.

/** Horizontal padding of a widget frame, each side, in px. */
export const FRAME_PADDING_X = 12;
/** Width lost inside a frame: padding and a 1 px border on both sides. */
export const FRAME_INSET = 2 * (FRAME_PADDING_X + 1);
/** Height lost inside a frame: 8 px padding and a 1 px border, top and bottom. */
export const FRAME_INSET_Y = 2 * (8 + 1);
