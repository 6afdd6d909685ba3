/** One arrow's shape, shared by the stage and the instructions: 40 x 24, pointing right. */
export const ARROW_VIEW_BOX = '0 0 40 24';
/** A shaft and a head; CSS turns it round to point left. */
export const ARROW_PATH = 'M2 9.5h22V3l14 9-14 9v-6.5H2z';
