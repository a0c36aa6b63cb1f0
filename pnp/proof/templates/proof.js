// Filters of the proof site. Without JavaScript the pages show everything and the filter forms stay hidden.
// A control with data-filter="NAME" keeps the .filterable elements whose data-NAME (space-separated values)
// contains the chosen value; the search box (data-search) those whose text contains what it holds (card id, msgid,
// msgctxt, translations); a checkbox with data-lang-toggle shows or hides one language's columns. A card image
// opens at print resolution in the viewer (without JavaScript, the link opens the image itself).
(function () {
  "use strict";
  var viewer = document.getElementById("viewer");
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.zoom");
    if (!link || !viewer) {
      return;
    }
    event.preventDefault();
    var image = viewer.querySelector("img") || viewer.appendChild(document.createElement("img"));
    image.src = link.getAttribute("href");
    image.alt = link.querySelector("img").alt;
    viewer.showModal();
  });
  var form = document.querySelector("form.filters");
  if (!form) {
    return;
  }
  form.hidden = false;
  function apply() {
    var shown = 0;
    var controls = form.querySelectorAll("[data-filter]");
    var search = form.querySelector("[data-search]");
    var query = search ? search.value.trim().toLowerCase().replace(/\s+/g, " ") : "";
    document.querySelectorAll(".filterable").forEach(function (item) {
      var visible = !query || item.textContent.toLowerCase().replace(/\s+/g, " ").indexOf(query) >= 0;
      controls.forEach(function (control) {
        var values = (item.getAttribute("data-" + control.getAttribute("data-filter")) || "").split(" ");
        if (control.value && values.indexOf(control.value) < 0) {
          visible = false;
        }
      });
      item.hidden = !visible;
      shown += visible ? 1 : 0;
    });
    form.querySelectorAll("[data-lang-toggle]").forEach(function (box) {
      document.body.classList.toggle("hide-" + box.value, !box.checked);
    });
    var output = form.querySelector("output");
    if (output) {
      output.value = shown + " shown";
    }
  }
  form.addEventListener("change", apply);
  form.addEventListener("input", apply);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
  });
  apply();
}());
