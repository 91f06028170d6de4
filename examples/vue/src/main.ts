import 'svc-elements/vue'; // defines the elements, and types them for Vue's templates
import { createApp } from 'vue';
import App from './App.vue';
import { localDemo } from './local-demo';

createApp(App, { demo: await localDemo() }).mount('#app');
