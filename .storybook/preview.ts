// Every story: controls from custom-elements.json (`npm run analyze` writes it; the storybook scripts run it first),
// the theme tokens as controls, the elements defined, a 390 px viewport among the viewports.
import { setCustomElementsManifest, type Preview } from '@storybook/web-components-vite';
import manifest from '../custom-elements.json';
import '../src/index.js';
import { THEME_TOKENS } from '../stories/support/tokens.js';

setCustomElementsManifest(manifest);

const preview: Preview = {
  argTypes: THEME_TOKENS,
  parameters: {
    controls: { expanded: true },
    viewport: {
      options: {
        phone: { name: 'Phone (390 px)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        tablet: { name: 'Tablet (820 px)', styles: { width: '820px', height: '1180px' }, type: 'tablet' },
      },
    },
  },
};

export default preview;
