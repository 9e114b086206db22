/** The app's entry: define the elements; index.html holds <steer-app>. */
import './elements';
