// three.js: every boid is one instance of a single InstancedMesh on the x/z ground plane (the
// module's y becomes z), turned by its heading; OrbitControls move the camera.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { createWorld, scene } from './flock.steer.json?behavior';

const { width, height } = scene.world;
const world = createWorld();
window.__world = world; // for the browser test (tests/e2e/examples.test.ts)

const renderer = new THREE.WebGLRenderer({ antialias: true });
renderer.setPixelRatio(window.devicePixelRatio);
renderer.setSize(window.innerWidth, window.innerHeight);
document.body.appendChild(renderer.domElement);

const view = new THREE.Scene();
view.background = new THREE.Color('#15171c');
const camera = new THREE.PerspectiveCamera(50, window.innerWidth / window.innerHeight, 1, 5000);
camera.position.set(0, 900, 750);
const controls = new OrbitControls(camera, renderer.domElement);
controls.target.set(0, 0, 0);
controls.update();

view.add(new THREE.HemisphereLight('#ffffff', '#334', 2.5));
const sun = new THREE.DirectionalLight('#ffffff', 1.5);
sun.position.set(300, 800, 200);
view.add(sun);

// the ground: the scene's world, centred on the origin
const ground = new THREE.Mesh(new THREE.PlaneGeometry(width, height), new THREE.MeshStandardMaterial({ color: '#23262e' }));
ground.rotation.x = -Math.PI / 2;
view.add(ground);

// one mesh per agent type, one instance per agent; the cone's tip points along +x (heading 0)
const cone = new THREE.ConeGeometry(6, 20, 8).rotateZ(-Math.PI / 2).translate(0, 6, 0);
const meshes = scene.agentTypes.map((type) => {
  const mesh = new THREE.InstancedMesh(cone, new THREE.MeshStandardMaterial({ color: type.color }), 100_000);
  mesh.count = 0;
  mesh.frustumCulled = false;
  view.add(mesh);
  return { id: type.id, mesh };
});

const place = new THREE.Object3D();
const status = document.getElementById('status');

function frame() {
  world.step();
  for (const { id, mesh } of meshes) {
    // read the live arrays every frame: after a hot reload they are the new world's
    const p = world.positions(id);
    const h = world.drawnHeadings(id);
    mesh.count = p.length / 2;
    for (let i = 0; i < mesh.count; i++) {
      place.position.set(p[2 * i] - width / 2, 0, p[2 * i + 1] - height / 2);
      // module (hx, hy) is (x, z) here: a turn about y by −atan2(hy, hx) points +x along it
      place.rotation.y = -Math.atan2(h[2 * i + 1], h[2 * i]);
      place.updateMatrix();
      mesh.setMatrixAt(i, place.matrix);
    }
    mesh.instanceMatrix.needsUpdate = true;
  }
  controls.update();
  renderer.render(view, camera);
  status.textContent = `tick ${world.tick}`;
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);

window.addEventListener('resize', () => {
  camera.aspect = window.innerWidth / window.innerHeight;
  camera.updateProjectionMatrix();
  renderer.setSize(window.innerWidth, window.innerHeight);
});
