// The end2end suite's browser and settings, for the specs of bench/view.
import base from '../../end2end/playwright.config';

export default { ...base, testDir: '.', workers: 1, fullyParallel: false, reporter: [['list']], outputDir: '../../end2end/test-results/bench-view' };
