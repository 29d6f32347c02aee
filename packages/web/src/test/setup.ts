import { configure } from '@testing-library/react';

// findBy…/waitFor give up after 1 s by default. The unit tests run alongside each other on a 2-core
// CI machine, where a big form can take longer than that to render: wait up to 5 s instead.
configure({ asyncUtilTimeout: 5000 });
